import { AcknowledgementList } from '@/features/acknowledgements/components/acknowledgement-list';
import { FacilityFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /acknowledgement-list — a manager reviews the facility's employee acknowledgements. */
export default function AcknowledgementListRoute() {
  return (
    <RequireFlowState schema={FacilityFlowStateSchema}>
      {(flow) => <AcknowledgementList facilityId={flow.facility_id} />}
    </RequireFlowState>
  );
}
