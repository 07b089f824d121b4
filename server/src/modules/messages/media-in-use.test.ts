import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Message, publicUrlFromUploadUrl } from '@chat/contracts';
import { groups, users } from '../../db/schema';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { mediaFiles, target, uploadUrlFor } from '../../test/media';
import { statementPlan } from '../../test/plans';
import { mediaUrlLookups } from './message-actions.repository';

// Deleting an image message deletes its uploaded file unless another message or a photo
// still shows it; that check is an index lookup (migration 0006), not a scan of message bodies.

let t: TestApp;
let ana: TestUser, bruno: TestUser;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno] = await createTeam(t.app, ['Ana Mídia', 'Bruno Mídia']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
});
afterAll(() => t?.close());

async function uploadedImage(owner: TestUser): Promise<string> {
  const upload = await uploadUrlFor(t.app, owner.token, 'image/png', 'foto.png');
  const put = await t.app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBeLessThan(300);
  return publicUrlFromUploadUrl(upload.toString());
}
const sendImage = async (who: TestUser, url: string) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', { ...textMessage(conversation.id, 'x'), content: { type: 'image', body: url } }),
    200,
  );
const remove = async (who: TestUser, id: string) => expectStatus<Message>(await as(t.app, who).delete(`/message/${id}`), 200);
const stored = (url: string) => mediaFiles(t.env.dataDir).some((f) => f.endsWith(url.split('/').pop()!));

describe('deleting an image message', () => {
  it('keeps the file while another message shows it, and deletes it with the last one', async () => {
    const url = await uploadedImage(ana);
    const first = await sendImage(ana, url);
    const second = await sendImage(bruno, url);
    await remove(ana, first.id);
    expect(stored(url)).toBe(true);
    await remove(bruno, second.id);
    expect(stored(url)).toBe(false);
  });

  it('keeps the file while it is a member’s or a group’s photo', async () => {
    const url = await uploadedImage(ana);
    const message = await sendImage(ana, url);
    await t.app.ctx.db.update(users).set({ avatarUrl: url }).where(eq(users.id, bruno.id));
    await remove(ana, message.id);
    expect(stored(url)).toBe(true);

    const groupPhoto = await uploadedImage(ana);
    const inGroup = await sendImage(ana, groupPhoto);
    const group = expectStatus<{ id: string }>(
      await as(t.app, ana).post('/group/create', { name: 'Foto', description: '', members: [bruno.id] }),
      200,
    );
    await t.app.ctx.db.update(groups).set({ avatarUrl: groupPhoto }).where(eq(groups.id, group.id));
    await remove(ana, inGroup.id);
    expect(stored(groupPhoto)).toBe(true);
  });

  it('finds where else the URL is shown through an index each, not by reading every body', async () => {
    const url = 'http://localhost/media/chat/qualquer.png';
    const lookups = mediaUrlLookups(t.app.ctx.db, url, ana.id);
    expect(lookups).toHaveLength(4);
    // With sequential scans priced out, the plan names the index whenever one can answer the lookup.
    for (const [i, index] of [
      'messages_image_body_idx',
      'messages_file_body_idx',
      'users_avatar_url_idx',
      'groups_avatar_url_idx',
    ].entries()) {
      expect(await statementPlan(t.app.ctx.db, lookups[i]!, {}, { enable_seqscan: 'off' }), index).toContain(index);
    }
  });
});
