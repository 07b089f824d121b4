import { listAuditLog } from '@chat/api-client';
import type { AuditEntry, AuditFilter, AuditPage } from '@chat/contracts';
import { useSearchedPages } from '../../lib/use-searched-pages';

const entriesOf = (page: AuditPage) => page.entries;

/** The log page by page for one filter; while another filter loads, the last answer stays. */
export function useAuditLog(filter: AuditFilter) {
  return useSearchedPages<AuditPage, AuditEntry>({
    queryKey: ['audit-log', filter],
    fetchPage: async (cursor) => (await listAuditLog(filter, cursor)).data,
    itemsOf: entriesOf,
    errorFallback: 'Não foi possível carregar o registro de atividades',
  });
}
