import { downloadDataExport, getDataExportStatus, requestDataExport } from '@chat/api-client';
import { ACCOUNT_DATA_TEXTS as T } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { type BackgroundExport, type BackgroundExportSource, useBackgroundExport } from '@chat/ui';
import { settingsKeys } from '../../../query-keys';

const SOURCE: BackgroundExportSource = {
  queryKey: settingsKeys.dataExport,
  status: async () => (await getDataExportStatus()).data.export,
  request: async () => (await requestDataExport()).data.export,
  download: async () => (await downloadDataExport()).data,
  fileName: (day) => `papo-meus-dados-${day}.zip`,
  subscribe: (refresh) => {
    eventBus.on('data-export:ready', refresh);
    eventBus.on('socket:reconnected', refresh);
    return () => {
      eventBus.off('data-export:ready', refresh);
      eventBus.off('socket:reconnected', refresh);
    };
  },
  failedText: T.exportFailed,
};

/** 'Baixar meus dados': the latest export's state, asking for a new one, and the download with this session. */
export const useDataExport = (): BackgroundExport => useBackgroundExport(SOURCE);
