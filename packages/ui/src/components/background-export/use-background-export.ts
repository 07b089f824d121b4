import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportState } from '@chat/contracts';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';

/** While the zip is being made the page asks again now and then, besides the socket's word. */
const WHILE_PREPARING_MS = 5_000;

export type ExportInfo = DataExportState['export'];

export interface BackgroundExportSource {
  queryKey: readonly unknown[];
  status: () => Promise<ExportInfo>;
  request: () => Promise<ExportInfo>;
  download: () => Promise<Blob>;
  /** The saved file's name for the day the zip was made (YYYY-MM-DD). */
  fileName: (day: string) => string;
  /** Calls `refresh` when the socket says the export is ready or came back; returns the unsubscribe. */
  subscribe: (refresh: () => void) => () => void;
  failedText: string;
}

export interface BackgroundExport {
  state: ExportInfo;
  loading: boolean;
  request: () => Promise<void>;
  download: () => Promise<void>;
}

/** A zip made by the server in the background: its latest state, asking for a new one, and the download with this session. */
export function useBackgroundExport(source: BackgroundExportSource): BackgroundExport {
  const { queryKey, status, request: ask, download: fetchZip, fileName, subscribe, failedText } = source;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: status,
    refetchInterval: (q) => (q.state.data?.status === 'pending' || q.state.data?.status === 'running' ? WHILE_PREPARING_MS : false),
  });
  const { mutateAsync } = useMutation({
    mutationFn: ask,
    onSuccess: (state) => queryClient.setQueryData(queryKey, state),
  });

  useEffect(() => subscribe(() => void queryClient.invalidateQueries({ queryKey })), [subscribe, queryClient, queryKey]);

  const request = useCallback(async () => {
    try {
      await mutateAsync();
    } catch (error) {
      notify.error(error, failedText);
    }
  }, [mutateAsync, failedText]);

  const readyAt = query.data?.readyAt;
  const download = useCallback(async () => {
    try {
      saveBlob(await fetchZip(), fileName((readyAt ?? new Date().toISOString()).slice(0, 10)));
    } catch (error) {
      notify.error(error, failedText);
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [fetchZip, fileName, readyAt, failedText, queryClient, queryKey]);

  return { state: query.data ?? null, loading: query.isPending, request, download };
}
