import { useMemo } from 'react';
import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listWorkspaceMembers } from '@chat/api-client';
import { ERROR_TEXTS, type MemberPage, type User } from '@chat/contracts';
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

const NO_MEMBERS: User[] = [];

/**
 * The workspace's members page by page, searched on the server (name, nickName, e-mail, polygon;
 * '' for everyone). While a new search runs, the last answer stays on screen.
 */
export function useMemberPages(search: string): MemberList {
  const query = useInfiniteQuery({
    queryKey: teamKeys.memberSearch(search),
    queryFn: async ({ pageParam }) => (await listWorkspaceMembers({ cursor: pageParam, content: search })).data,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorToast: { fallback: ERROR_TEXTS.user.loadTeam } },
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const members = useMemo(() => data?.pages.flatMap((page) => page.members) ?? NO_MEMBERS, [data]);
  return {
    members,
    loading: query.isPending,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    loadingMore: isFetchingNextPage,
  };
}
