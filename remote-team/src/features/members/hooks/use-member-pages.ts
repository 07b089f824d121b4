import type { InfiniteData } from '@tanstack/react-query';
import { listWorkspaceMembers } from '@chat/api-client';
import { ERROR_TEXTS, type MemberPage, type User } from '@chat/contracts';
import { useSearchedPages } from '@chat/ui';
import { teamKeys } from '../../../query-keys';

export type MemberPages = InfiniteData<MemberPage, string | null>;

export interface MemberList {
  members: User[];
  /** The first page of this search has not arrived (and there is no previous search to show). */
  loading: boolean;
  /** Asks for the next page when there is one and none is on its way. */
  loadMore: () => void;
  loadingMore: boolean;
}

const membersOf = (page: MemberPage) => page.members;

/**
 * The workspace's members page by page, searched on the server (name, nickName, e-mail, polygon;
 * '' for everyone). While a new search runs, the last answer stays on screen.
 */
export function useMemberPages(search: string): MemberList {
  const pages = useSearchedPages({
    queryKey: teamKeys.memberSearch(search),
    fetchPage: async (cursor) => (await listWorkspaceMembers({ cursor, content: search })).data,
    itemsOf: membersOf,
    errorFallback: ERROR_TEXTS.user.loadTeam,
  });
  return { members: pages.items, loading: pages.loading, loadMore: pages.loadMore, loadingMore: pages.loadingMore };
}
