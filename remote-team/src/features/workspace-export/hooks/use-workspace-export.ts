import { downloadWorkspaceExport, getWorkspaceExportStatus, requestWorkspaceExport } from '@chat/api-client';
import { WORKSPACE_EXPORT_TEXTS as T } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { type BackgroundExport, type BackgroundExportSource, useBackgroundExport } from '@chat/ui';
import { teamKeys } from '../../../query-keys';

const SOURCE: BackgroundExportSource = {
  queryKey: teamKeys.workspaceExport,
  status: async () => (await getWorkspaceExportStatus()).data.export,
  request: async () => (await requestWorkspaceExport()).data.export,
  download: async () => (await downloadWorkspaceExport()).data,
  fileName: (day) => `papo-workspace-${day}.zip`,
  subscribe: (refresh) => {
    eventBus.on('workspace-export:ready', refresh);
    eventBus.on('socket:reconnected', refresh);
    return () => {
      eventBus.off('workspace-export:ready', refresh);
      eventBus.off('socket:reconnected', refresh);
    };
  },
  failedText: T.failed,
};

/** 'Exportar o workspace': the latest export's state, asking for a new one, and the download with this ADMIN's session. */
export const useWorkspaceExport = (): BackgroundExport => useBackgroundExport(SOURCE);
