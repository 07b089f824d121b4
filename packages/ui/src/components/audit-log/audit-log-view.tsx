import { useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { AUDIT_TEXTS, type AuditFilter } from '@chat/contracts';
import { Button } from '../button/button';
import { EmptyState } from '../empty-state/empty-state';
import { Spinner } from '../spinner/spinner';
import { VirtualList } from '../virtual-list/virtual-list';
import { notify } from '../../lib/notify';
import { AuditEntryRow } from './audit-entry-row';
import { AuditFilters, type AuditFilterOption } from './audit-filters';
import { saveAuditCsv } from './download-csv';
import { useAuditLog } from './use-audit-log';
import styles from './audit-log.module.css';

export interface AuditLogViewProps {
  /** ROOT reads every workspace: each entry names its workspace, and the list filters by them. */
  workspaces?: readonly AuditFilterOption[];
}

/**
 * 'Registro de atividades': the log newest first, loaded page by page as it scrolls (drawn as a
 * virtual list), filtered on the server, and the same filter exported as CSV.
 */
export function AuditLogView({ workspaces }: AuditLogViewProps) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filter);
  // The people the loaded entries name (with a person chosen, that person stays the choice).
  const people = useMemo(() => {
    const named = new Map<string, string>();
    for (const entry of log.items) if (entry.actor) named.set(entry.actor.id, entry.actor.name);
    return [...named].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }, [log.items]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await saveAuditCsv(filter);
    } catch (error) {
      notify.error(error, 'Não foi possível exportar o registro');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={styles.view} aria-label={AUDIT_TEXTS.title}>
      <div className={styles.toolbar}>
        <AuditFilters filter={filter} onChange={setFilter} people={people} workspaces={workspaces} />
        <Button size="sm" width="md" variant="outline" onClick={() => void exportCsv()} disabled={exporting} className={styles.export}>
          <Download size={16} aria-hidden="true" />
          {AUDIT_TEXTS.exportCsv}
        </Button>
      </div>
      {log.loading ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : log.items.length === 0 ? (
        <EmptyState text={AUDIT_TEXTS.empty} />
      ) : (
        <VirtualList
          aria-label={AUDIT_TEXTS.title}
          className={styles.list}
          items={log.items}
          getKey={(entry) => entry.id}
          estimateSize={84}
          onEndReached={log.loadMore}
          renderItem={(entry) => <AuditEntryRow entry={entry} showWorkspace={Boolean(workspaces)} />}
        />
      )}
    </section>
  );
}
