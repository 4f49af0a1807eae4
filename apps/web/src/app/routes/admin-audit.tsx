import { AuditLogScreen } from '@/features/admin-audit/components/audit-log-screen';

/** /admin/audit — the audit log, filtered, newest first, exportable. */
export default function AdminAuditRoute() {
  return <AuditLogScreen />;
}
