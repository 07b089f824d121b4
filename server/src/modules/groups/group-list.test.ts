import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { groupList, groupSummaries, hasMember } from './groups.repository';

// GET /group/list runs a statement prepared once per database (issue 14): for any viewer it must
// give what the statement built for that viewer gives (drizzle's own mapping), the viewer bound
// at each call.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let talked: Group, quiet: Group, without: Group;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Grupos', 'Bruno Grupos', 'Carla Grupos']);
  const create = (who: TestUser, name: string, members: string[]) =>
    as(t.app, who).post('/group/create', { name, description: '', members }).then((res) => expectStatus<Group>(res, 200));
  talked = await create(ana, 'Conversado', [bruno.id]);
  quiet = await create(ana, 'Quieto', [carla.id]);
  without = await create(bruno, 'Sem a Ana', [carla.id]);
  expectStatus(await as(t.app, bruno).post('/message/send', textMessage(talked.id, 'bom dia', { isGroup: true })), 200);
});
afterAll(() => t?.close());

describe('groupList', () => {
  it('gives each viewer what the statement built for them gives', async () => {
    const db = t.app.ctx.db;
    for (const viewer of [ana, bruno, carla]) {
      expect(await groupList(db, viewer.id)).toEqual(await groupSummaries(db, hasMember(db, viewer.id)));
    }
    const mine = await groupList(db, ana.id);
    expect(mine.map((row) => row.group.id)).toEqual([talked.id, quiet.id]);
    expect(mine[0]!.last).toMatchObject({ body: 'bom dia', authorName: 'Bruno Grupos' });
    expect(mine[1]!.last).toBeNull();
    expect((await groupList(db, carla.id)).map((row) => row.group.id).sort()).toEqual([quiet.id, without.id].sort());
  });
});
