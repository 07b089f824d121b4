import { describe, expect, it } from 'vitest';
import type { User } from '@chat/contracts';
import { filterMembers } from './filter-members';

const member = (name: string, nickName: string, polygon: string | null): User => ({
  id: nickName,
  name,
  nickName,
  email: `${nickName}@x.com`,
  role: 'USER',
  avatarUrl: null,
  neoCustomData: polygon ? { id: `p-${polygon}`, name: polygon } : null,
  workspaces: [],
});

const team = [member('João Silva', 'joao', 'São Paulo'), member('Bruna', 'bru', null), member('Carla', 'carlinha', 'Norte')];

describe('filterMembers', () => {
  it('matches name, nickName or polygon name, ignoring case and accents', () => {
    expect(filterMembers(team, 'JOAO').map((m) => m.nickName)).toEqual(['joao']);
    expect(filterMembers(team, 'sao paulo').map((m) => m.nickName)).toEqual(['joao']);
    expect(filterMembers(team, 'LINHA').map((m) => m.nickName)).toEqual(['carlinha']);
    expect(filterMembers(team, 'norte').map((m) => m.nickName)).toEqual(['carlinha']);
  });

  it('keeps everyone for a blank search and no one for a miss; never matches the e-mail', () => {
    expect(filterMembers(team, '  ')).toHaveLength(3);
    expect(filterMembers(team, 'zzz')).toEqual([]);
    expect(filterMembers(team, '@x.com')).toEqual([]);
  });
});
