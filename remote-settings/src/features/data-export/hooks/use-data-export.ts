import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadDataExport, getDataExportStatus, requestDataExport } from '@chat/api-client';
import { ACCOUNT_DATA_TEXTS as T, type DataExportState } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { notify } from '@chat/ui';
import { settingsKeys } from '../../../query-keys';

/** While the zip is being made the page asks again now and then, besides the socket's word. */
const WHILE_PREPARING_MS = 5_000;

export interface DataExport {
  state: DataExportState['export'];
  loading: boolean;
  request: () => Promise<void>;
  download: () => Promise<void>;
}

/** Saves a blob under a name, as a link the person clicked would. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'Baixar meus dados': the latest export's state, asking for a new one, and the download with this session. */
export function useDataExport(): DataExport {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.dataExport,
    queryFn: async () => (await getDataExportStatus()).data.export,
    refetchInterval: (q) => (q.state.data?.status === 'pending' || q.state.data?.status === 'running' ? WHILE_PREPARING_MS : false),
  });
  const { mutateAsync: ask } = useMutation({
    mutationFn: requestDataExport,
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKeys.dataExport, data.export),
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.dataExport });
    eventBus.on('data-export:ready', refresh);
    eventBus.on('socket:reconnected', refresh);
    return () => {
      eventBus.off('data-export:ready', refresh);
      eventBus.off('socket:reconnected', refresh);
    };
  }, [queryClient]);

  const request = useCallback(async () => {
    try {
      await ask();
    } catch (error) {
      notify.error(error, T.exportFailed);
    }
  }, [ask]);

  const readyAt = query.data?.readyAt;
  const download = useCallback(async () => {
    try {
      const { data } = await downloadDataExport();
      const day = (readyAt ?? new Date().toISOString()).slice(0, 10);
      save(data, `papo-meus-dados-${day}.zip`);
    } catch (error) {
      notify.error(error, T.exportFailed);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.dataExport });
    }
  }, [readyAt, queryClient]);

  return { state: query.data ?? null, loading: query.isPending, request, download };
}
