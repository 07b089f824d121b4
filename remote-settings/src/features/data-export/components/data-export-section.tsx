import { ACCOUNT_DATA_TEXTS as T } from '@chat/contracts';
import { BackgroundExportCard, type BackgroundExportTexts } from '@chat/ui';
import { useDataExport } from '../hooks/use-data-export';

const TEXTS: BackgroundExportTexts = {
  title: T.exportTitle,
  description: T.exportDescription,
  start: T.exportStart,
  again: T.exportAgain,
  pending: T.exportPending,
  ready: T.exportReady,
  expired: T.exportExpired,
  failed: T.exportFailed,
  download: T.download,
  expiresAt: T.expiresAt,
};

/** 'Baixar meus dados': ask for the zip, follow it while it is made, download it for 24 hours. */
export function DataExportSection() {
  return <BackgroundExportCard texts={TEXTS} exportState={useDataExport()} />;
}
