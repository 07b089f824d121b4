import { WORKSPACE_EXPORT_TEXTS as T } from '@chat/contracts';
import { BackgroundExportCard, type BackgroundExportTexts } from '@chat/ui';
import { useWorkspaceExport } from '../hooks/use-workspace-export';

const TEXTS: BackgroundExportTexts = {
  title: T.title,
  description: T.description,
  start: T.start,
  again: T.again,
  pending: T.pending,
  ready: T.ready,
  expired: T.expired,
  failed: T.failed,
  download: T.download,
  expiresAt: T.expiresAt,
};

/** 'Exportar o workspace': members, groups, messages and files in a zip the server makes in the background. */
export default function WorkspaceExportSection() {
  return <BackgroundExportCard texts={TEXTS} exportState={useWorkspaceExport()} />;
}
