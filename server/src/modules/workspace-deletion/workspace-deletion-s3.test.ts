import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, GeneratePublicMediaUrlResponse, WorkspaceDeletion } from '@chat/contracts';
import { workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, createTeam, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { startTestS3, type TestS3 } from '../../test/s3-test-server';

// A workspace's files in an S3-compatible bucket leave the bucket with it; another workspace's stay.

const PNG = TINY_IMAGES['image/png'];

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ seedDemo: false, env: s3.env });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** An image sent in a conversation of a fresh two-person workspace; its public URL in the bucket. */
async function imageInBucket(names: [string, string]): Promise<{ url: string; owner: TestUser }> {
  const [ana, bruno] = await createTeam(t.app, names);
  const conversation = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  const upload = expectStatus<GeneratePublicMediaUrlResponse>(
    await as(t.app, ana).post('/cloud/generate-public-media-url', {
      fileName: 'foto.png',
      contentType: 'image/png',
      folder: 'files',
      size: PNG.length,
    }),
    200,
  );
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(PNG) });
  expect(put.status).toBe(200);
  const url = upload.publicUrl!;
  const content = { type: 'image', body: url };
  expectStatus(
    await as(t.app, ana).post('/message/send', { conversationId: conversation.id, isGroup: false, content, clientId: newClientId() }),
    200,
  );
  return { url, owner: ana };
}

const objectStatus = async (url: string) => (await fetch(url, { method: 'HEAD' })).status;

describe('workspace deletion with the S3 media store', () => {
  it('deletes the workspace’s objects from the bucket and leaves another workspace’s', async () => {
    const doomed = await imageInBucket(['Ana Balde', 'Bruno Balde']);
    const kept = await imageInBucket(['Clara Balde', 'Davi Balde']);
    expect([await objectStatus(doomed.url), await objectStatus(kept.url)]).toEqual([200, 200]);

    const root = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
    const [workspace] = await t.app.ctx.db.select().from(workspaces).where(eq(workspaces.id, doomed.owner.workspaceId));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/${workspace!.id}`,
      headers: { authorization: `Bearer ${root.accessToken}` },
      payload: { confirmName: workspace!.name },
    });
    expect(res.statusCode).toBe(202);
    await t.app.workspaceDeletionJobs.idle();
    const deletion = expectStatus<WorkspaceDeletion>(
      await t.app.inject({
        method: 'GET',
        url: `/api/workspace/deletions/${res.json<WorkspaceDeletion>().id}`,
        headers: { authorization: `Bearer ${root.accessToken}` },
      }),
      200,
    );
    expect(deletion.status).toBe('done');
    expect([await objectStatus(doomed.url), await objectStatus(kept.url)]).toEqual([404, 200]);
  });
});
