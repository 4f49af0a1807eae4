import { RecognitionSummaryScreen } from '@/features/recognition/components/recognition-summary';
import { FacilityFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /recognition-summary — roll-ups of the facility's approved acknowledgements. */
export default function RecognitionSummaryRoute() {
  return (
    <RequireFlowState schema={FacilityFlowStateSchema}>
      {(flow) => <RecognitionSummaryScreen facilityId={flow.facility_id} />}
    </RequireFlowState>
  );
}
