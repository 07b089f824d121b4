import { useMemo } from 'react';
import { AUDIT_TEXTS } from '@chat/contracts';
import { AuditLogView, PageHeader } from '@chat/ui';
import { useWorkspaces } from '../workspaces/hooks/use-workspaces';
import styles from './audit-page.module.css';

/** /root/audit: every workspace's activity log, filterable by workspace. */
export default function AuditPage() {
  const { state } = useWorkspaces();
  const workspaces = useMemo(() => (state.status === 'ready' ? state.workspaces.map(({ id, name }) => ({ id, name })) : []), [state]);
  return (
    <div className={styles.page}>
      <PageHeader title={AUDIT_TEXTS.title} />
      <AuditLogView workspaces={workspaces} />
    </div>
  );
}
