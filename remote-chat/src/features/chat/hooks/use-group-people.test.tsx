import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, bruno, group, user } from '../../../test/fixtures';
import { renderHookWithQuery } from '../../../test/render';
import { useGroupPeople } from './use-group-people';

const api = vi.hoisted(() => ({ getGroupMembers: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

const ze = { ...user('u-ze', 'Zé Distante'), isAdmin: false };
const big = group('g1', { members: [ana, bruno], memberCount: 1000 });

describe('useGroupPeople: mentions in a group known by its head', () => {
  afterEach(() => vi.clearAllMocks());

  it("searches the typed name among all members on the server, for the '@' picker and the names shown", async () => {
    api.getGroupMembers.mockResolvedValue({ status: 200, data: { members: [ze], nextCursor: null, total: 1 } });
    const authors = [{ id: 'u-old', name: 'Autor Antigo' }];
    const { result } = renderHookWithQuery(() => useGroupPeople(big, 'zé', authors));
    await waitFor(() => expect(result.current.members.map((m) => m.id)).toEqual([ana.id, bruno.id, ze.id]));
    expect(api.getGroupMembers).toHaveBeenCalledWith('g1', { content: 'zé', limit: 20 });
    expect(result.current.nameOf(ze.id)).toBe('Zé Distante');
    expect(result.current.nameOf('u-old')).toBe('Autor Antigo');
  });

  it('asks nothing while no mention is typed', () => {
    const { result } = renderHookWithQuery(() => useGroupPeople(big, null, []));
    expect(result.current.members).toHaveLength(2);
    expect(api.getGroupMembers).not.toHaveBeenCalled();
  });
});
