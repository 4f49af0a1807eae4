import { RecognitionCertificate } from '@/features/recognition/components/recognition-certificate';
import { CertificateFlowStateSchema } from '@/features/recognition/certificate-state';
import { RequireFlowState } from '@/lib/flow-state';

/** /recognition-certificate — a printable certificate for one employee. */
export default function RecognitionCertificateRoute() {
  return (
    <RequireFlowState schema={CertificateFlowStateSchema}>
      {(flow) => (
        <RecognitionCertificate
          facilityId={flow.facility_id}
          employeeId={flow.employee_id}
          from={flow.from}
          to={flow.to}
        />
      )}
    </RequireFlowState>
  );
}
