import type { QueryClient } from '@tanstack/react-query';
import type { User, Workspace } from '@chat/contracts';
import { teamKeys } from '../../../query-keys';
import type { MemberPages } from '../hooks/use-member-pages';

/** `change` applied to the member list of every cached page (every search) and of the workspace. */
function patchMembers(queryClient: QueryClient, change: (members: User[]) => User[]) {
  queryClient.setQueriesData<MemberPages>({ queryKey: teamKeys.memberPages }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, members: change(page.members) })) } : data,
  );
  queryClient.setQueryData<Workspace>(teamKeys.workspace, (workspace) =>
    workspace ? { ...workspace, members: change(workspace.members) } : workspace,
  );
}

/** A member's new profile replaces their row wherever it is loaded (it keeps its place until a refetch). */
export const replaceMember = (queryClient: QueryClient, user: User) =>
  patchMembers(queryClient, (members) =>
    members.some((m) => m.id === user.id) ? members.map((m) => (m.id === user.id ? user : m)) : members,
  );

/** A removed member leaves every loaded page at once, before the refetch confirms it. */
export const dropMember = (queryClient: QueryClient, userId: string) =>
  patchMembers(queryClient, (members) => (members.some((m) => m.id === userId) ? members.filter((m) => m.id !== userId) : members));
