import { useState } from 'react';
import { Download, FileArchive } from 'lucide-react';
import { ACCOUNT_DATA_TEXTS as T } from '@chat/contracts';
import { Button, Spinner } from '@chat/ui';
import { useDataExport } from '../hooks/use-data-export';
import styles from '../../../my-data.module.css';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const size = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** 'Baixar meus dados': ask for the zip, follow it while it is made, download it for 24 hours. */
export function DataExportSection() {
  const { state, loading, request, download } = useDataExport();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const preparing = state?.status === 'pending' || state?.status === 'running';
  const ready = state?.status === 'ready';
  return (
    <section className={styles.card} aria-labelledby="export-title">
      <h2 id="export-title" className={styles.title}>
        <FileArchive size={18} aria-hidden /> {T.exportTitle}
      </h2>
      <p className={styles.text}>{T.exportDescription}</p>
      {loading ? (
        <Spinner size="sm" />
      ) : (
        <>
          {preparing && (
            <p className={styles.status} role="status">
              <Spinner size="sm" /> {T.exportPending}
            </p>
          )}
          {ready && (
            <div className={styles.ready} role="status">
              <strong>{T.exportReady}</strong>
              <span>
                {T.expiresAt} {dateTime.format(new Date(state.expiresAt!))} · {size(state.sizeBytes)}
              </span>
            </div>
          )}
          {state?.status === 'failed' && <p className={styles.error}>{T.exportFailed}</p>}
          <div className={styles.actions}>
            {ready && (
              <Button loading={busy} onClick={() => run(download)}>
                <Download size={16} aria-hidden /> {T.download}
              </Button>
            )}
            <Button variant={ready ? 'outline' : 'solid'} disabled={preparing} loading={busy && !ready} onClick={() => run(request)}>
              {ready || state?.status === 'failed' ? T.exportAgain : T.exportStart}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
