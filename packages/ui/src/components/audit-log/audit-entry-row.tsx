import { AUDIT_ACTION_TEXTS, AUDIT_TEXTS, type AuditEntry } from '@chat/contracts';
import { describeEntry } from './describe-entry';
import styles from './audit-log.module.css';

const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** One entry: when, what, who (and on whom), the details in words, the workspace for ROOT, the address. */
export function AuditEntryRow({ entry, showWorkspace }: { entry: AuditEntry; showWorkspace: boolean }) {
  const details = describeEntry(entry);
  return (
    <article className={styles.row}>
      <div className={styles.rowTop}>
        <span className={styles.action}>{AUDIT_ACTION_TEXTS[entry.action]}</span>
        <time className={styles.when} dateTime={entry.createdAt}>
          {WHEN.format(new Date(entry.createdAt))}
        </time>
      </div>
      <div className={styles.who}>
        <span>{entry.actor?.name || AUDIT_TEXTS.systemActor}</span>
        {entry.target && entry.target.id !== entry.actor?.id ? <span className={styles.target}> → {entry.target.name}</span> : null}
        {showWorkspace && entry.workspace ? <span className={styles.workspace}> · {entry.workspace.name}</span> : null}
      </div>
      {details || entry.ip ? (
        <div className={styles.meta}>
          {details ? <span className={styles.details}>{details}</span> : null}
          {entry.ip ? <span className={styles.ip}>{entry.ip}</span> : null}
        </div>
      ) : null}
    </article>
  );
}
