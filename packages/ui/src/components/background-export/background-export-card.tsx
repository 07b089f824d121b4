import { useId, useState } from 'react';
import { Download, FileArchive } from 'lucide-react';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import type { BackgroundExport } from './use-background-export';
import styles from './background-export-card.module.css';

export interface BackgroundExportTexts {
  title: string;
  description: string;
  start: string;
  again: string;
  pending: string;
  ready: string;
  expired: string;
  failed: string;
  download: string;
  expiresAt: string;
}

export interface BackgroundExportCardProps {
  texts: BackgroundExportTexts;
  exportState: BackgroundExport;
  className?: string;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const size = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A zip the server makes in the background: ask for it, follow it while it is made, download it while its link lasts. */
export function BackgroundExportCard({ texts: T, exportState, className }: BackgroundExportCardProps) {
  const { state, loading, request, download } = exportState;
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const preparing = state?.status === 'pending' || state?.status === 'running';
  const ready = state?.status === 'ready';
  const asked = ready || state?.status === 'expired' || state?.status === 'failed';
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        <FileArchive size={18} aria-hidden /> {T.title}
      </h2>
      <p className={styles.text}>{T.description}</p>
      {loading ? (
        <Spinner size="sm" />
      ) : (
        <>
          {preparing && (
            <p className={styles.status} role="status">
              <Spinner size="sm" /> {T.pending}
            </p>
          )}
          {ready && (
            <div className={styles.ready} role="status">
              <strong>{T.ready}</strong>
              <span>
                {T.expiresAt} {dateTime.format(new Date(state.expiresAt!))} · {size(state.sizeBytes)}
              </span>
            </div>
          )}
          {state?.status === 'expired' && (
            <p className={styles.muted} role="status">
              {T.expired}
            </p>
          )}
          {state?.status === 'failed' && <p className={styles.error}>{T.failed}</p>}
          <div className={styles.actions}>
            {ready && (
              <Button loading={busy} onClick={() => run(download)}>
                <Download size={16} aria-hidden /> {T.download}
              </Button>
            )}
            <Button variant={ready ? 'outline' : 'solid'} disabled={preparing} loading={busy && !ready} onClick={() => run(request)}>
              {asked ? T.again : T.start}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
