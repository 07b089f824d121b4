import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Group, mentionToken } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { GroupLists } from './group-lists';
import * as repository from './groups.repository';

// GET /group/list reads the lists asked together in one prepared statement: each viewer
// must get exactly what the statement built for them alone gives (drizzle's own mapping),
// whatever was asked with it.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, dora: TestUser;
let talked: Group, quiet: Group, without: Group;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla, dora] = await createTeam(t.app, ['Ana Grupos', 'Bruno Grupos', 'Carla Grupos', 'Dora Grupos']);
  const create = (who: TestUser, name: string, members: string[]) =>
    as(t.app, who)
      .post('/group/create', { name, description: '', members })
      .then((res) => expectStatus<Group>(res, 200));
  talked = await create(ana, 'Conversado', [bruno.id]);
  quiet = await create(ana, 'Quieto', [carla.id]);
  without = await create(bruno, 'Sem a Ana', [carla.id]);
  expectStatus(await as(t.app, bruno).post('/message/send', textMessage(talked.id, 'bom dia', { isGroup: true })), 200);
  // Carla's own state of 'Sem a Ana': silenced, one unread message that mentions her.
  const mention = { ...textMessage(without.id, `oi ${mentionToken(carla.id)}`, { isGroup: true }), mentions: [carla.id] };
  expectStatus(await as(t.app, bruno).post('/message/send', mention), 200);
  expectStatus(await as(t.app, carla).patch(`/group/${without.id}/mute`, { muted: true }), 200);
});
afterAll(() => t?.close());

describe('group lists read together', () => {
  it('gives each viewer what the statement built for them alone gives, in its order', async () => {
    const db = t.app.ctx.db;
    const viewers = [ana, bruno, carla, dora, ana].map((u) => u.id);
    const lists = await repository.groupListsOf(db, viewers);
    for (const id of viewers) {
      const rows = lists.get(id)!;
      expect(rows.map(({ state: _, ...row }) => row)).toEqual(await repository.groupSummaries(db, repository.hasMember(db, id)));
      // The viewer's own state, as the statement for one viewer reads it.
      const states = await repository.viewerGroupStates(
        db,
        id,
        rows.map((r) => r.group.id),
      );
      expect(rows.map((r) => r.state)).toEqual(rows.map((r) => states.get(r.group.id)));
    }

    const mine = lists.get(ana.id)!;
    expect(mine.map((row) => row.group.id)).toEqual([talked.id, quiet.id]);
    expect(mine[0]!.last).toMatchObject({ body: 'bom dia', authorName: 'Bruno Grupos' });
    // No one has written in it: its last message is its first line ('Ana criou o grupo').
    expect(mine[1]!.last).toMatchObject({ type: 'system' });
    expect(mine.map((row) => row.state)).toEqual([
      { muted: false, unreadMessages: 1, unreadMentions: 0 },
      { muted: false, unreadMessages: 0, unreadMentions: 0 },
    ]);
    expect(lists.get(carla.id)!.map((row) => [row.group.id, row.state])).toEqual([
      [without.id, { muted: true, unreadMessages: 1, unreadMentions: 1 }],
      [quiet.id, { muted: false, unreadMessages: 0, unreadMentions: 0 }],
    ]);
    expect(lists.get(dora.id)).toEqual([]);
  });

  it('reads the lists asked while one read runs in ONE statement, with the members of all their groups', async () => {
    const read = vi.spyOn(repository, 'groupListsOf');
    try {
      const lists = new GroupLists(t.app.ctx.db);
      const first = lists.of(ana.id);
      // The first read starts when this I/O phase ends (WAVE_BATCHING); the others are asked after it.
      await setImmediate();
      const together = [bruno, carla].map((u) => lists.of(u.id));
      const [, brunos, carlas] = await Promise.all([first, ...together]);
      expect(read.mock.calls.map(([, ids]) => ids)).toEqual([[ana.id], [bruno.id, carla.id]]);
      expect(new Set(brunos!.heads.keys())).toEqual(new Set([talked.id, without.id, quiet.id]));
      expect(carlas!.rows.map((r) => r.group.id).sort()).toEqual([quiet.id, without.id].sort());
    } finally {
      read.mockRestore();
    }
  });

  it('the route lists each group with its own members only, and the viewer state from the same statement', async () => {
    const perViewer = vi.spyOn(repository, 'viewerGroupStates');
    let groups: Group[];
    try {
      groups = expectStatus<Group[]>(await as(t.app, ana).get('/group/list'), 200);
      expect(perViewer).not.toHaveBeenCalled();
    } finally {
      perViewer.mockRestore();
    }
    expect(groups.map((g) => g.id)).toEqual([talked.id, quiet.id]);
    expect(groups.map((g) => [g.muted, g.unreadMessages, g.unreadMentions])).toEqual([
      [false, 1, 0],
      [false, 0, 0],
    ]);
    const carlas = expectStatus<Group[]>(await as(t.app, carla).get('/group/list'), 200);
    expect(carlas.map((g) => [g.id, g.muted, g.unreadMessages, g.unreadMentions])).toEqual([
      [without.id, true, 1, 1],
      [quiet.id, false, 0, 0],
    ]);
    expect(groups[0]!.members.map((m) => m.id).sort()).toEqual([ana.id, bruno.id].sort());
    expect(groups[1]!.members.map((m) => m.id).sort()).toEqual([ana.id, carla.id].sort());
  });
});
