import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AUDIT_TEXTS } from '@chat/contracts';
import { AuditLogView } from '@chat/ui';
import styles from './audit-page.module.css';

/** /auth/team/atividades: the workspace's activity log, for its ADMIN. */
export default function AuditPage({ teamPath }: { teamPath: string }) {
  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <Link to={teamPath} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" />
          Equipe
        </Link>
        <h2 className={styles.title}>{AUDIT_TEXTS.title}</h2>
      </div>
      <AuditLogView />
    </div>
  );
}
