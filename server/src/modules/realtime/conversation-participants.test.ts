import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { ConversationParticipants } from './conversation-participants';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversation: Conversation, withCarla: Conversation, brunoCarla: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Par', 'Bruno Par', 'Carla Par']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  withCarla = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
  brunoCarla = expectStatus(await as(t.app, bruno).post('/conversation/create', { userTwoId: carla.id }), 200);
});
afterAll(() => t?.close());

describe('ConversationParticipants', () => {
  it('answers the other participant to each member and null to anyone else or an unknown conversation', async () => {
    const participants = new ConversationParticipants(t.app.ctx.db);
    expect(await participants.otherOf(conversation.id, ana.id)).toBe(bruno.id);
    expect(await participants.otherOf(conversation.id, bruno.id)).toBe(ana.id);
    expect(await participants.otherOf(conversation.id, carla.id)).toBeNull();
    expect(await participants.otherOf('00000000-0000-4000-8000-000000000000', ana.id)).toBeNull();
  });

  it('reads a conversation once for everyone asking while it loads (a restart: both members at once), then from memory', async () => {
    const participants = new ConversationParticipants(t.app.ctx.db);
    const read = vi.spyOn(participants['read'], 'execute');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => participants.otherOf(conversation.id, i % 2 ? ana.id : bruno.id)),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? bruno.id : ana.id)));
    expect(read).toHaveBeenCalledTimes(1);
    expect(await participants.otherOf(conversation.id, ana.id)).toBe(bruno.id);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads the conversations asked while a read runs together, in the next read', async () => {
    const participants = new ConversationParticipants(t.app.ctx.db);
    const read = vi.spyOn(participants['read'], 'execute');
    const first = participants.otherOf(conversation.id, ana.id);
    // The first read starts when this I/O phase ends (WAVE_BATCHING); the others are asked after it.
    await setImmediate();
    const later = [
      participants.otherOf(withCarla.id, carla.id),
      participants.otherOf(brunoCarla.id, bruno.id),
      participants.otherOf(brunoCarla.id, ana.id),
    ];
    expect(await first).toBe(bruno.id);
    expect(await Promise.all(later)).toEqual([ana.id, carla.id, null]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(read.mock.calls[1]![0]).toEqual({ ids: [withCarla.id, brunoCarla.id] });
  });

  it('answers null to a malformed id without asking the database (it would fail the whole batch)', async () => {
    const participants = new ConversationParticipants(t.app.ctx.db);
    const read = vi.spyOn(participants['read'], 'execute');
    expect(await participants.otherOf('nao-e-um-uuid', ana.id)).toBeNull();
    expect(read).not.toHaveBeenCalled();
  });

  it('does not keep a failed read: the next ask reads again', async () => {
    const participants = new ConversationParticipants(t.app.ctx.db);
    const read = vi.spyOn(participants['read'], 'execute').mockRejectedValueOnce(new Error('banco fora do ar'));
    await expect(participants.otherOf(conversation.id, ana.id)).rejects.toThrow('banco fora do ar');
    expect(await participants.otherOf(conversation.id, ana.id)).toBe(bruno.id);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
