import { useQuery } from '@tanstack/react-query';
import { listWorkspaces } from '@chat/api-client';
import { AUDIT_TEXTS } from '@chat/contracts';
import { AuditLogView, PageHeader } from '@chat/ui';
import { rootKeys } from '../../query-keys';
import styles from './audit-page.module.css';

/** /root/audit: every workspace's activity log, filterable by workspace. */
export default function AuditPage() {
  // The workspaces page's own query: one list in the cache for both pages.
  const list = useQuery({ queryKey: rootKeys.workspaces, queryFn: async () => (await listWorkspaces()).data });
  const workspaces = list.data ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title={AUDIT_TEXTS.title} />
      <AuditLogView workspaces={workspaces} />
    </div>
  );
}
