import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingInvite } from '@chat/contracts';
import { as, expectStatus } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { readOutbox } from '../../test/outbox';
import { createAdminTeam } from '../../test/team';

// GET /api/user/invites and DELETE /api/user/invites/{id}: the team page's pending invites.
// Resending is POST /user/invite again, which replaces the pending one with a new code.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t?.close());

const list = async (who: Parameters<typeof as>[1]) => expectStatus<PendingInvite[]>(await as(t.app, who).get('/user/invites'), 200);
const codeOf = (email: string) =>
  readOutbox(t.env.dataDir)
    .filter((m) => m.to === email)
    .map((m) => /inviteCode=([A-Z0-9-]+)/.exec(m.text)?.[1]);

describe('pending invites', () => {
  it("lists the workspace's pending invites only; a resend replaces the invite with a new code", async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const { admin: other } = await createAdminTeam(t.app, []);
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'beta@exemplo.com' }), 201);
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'alfa@exemplo.com' }), 201);
    expectStatus(await as(t.app, other).post('/user/invite', { email: 'outra@exemplo.com' }), 201);

    const first = await list(admin);
    expect(first.map((i) => i.email)).toEqual(['alfa@exemplo.com', 'beta@exemplo.com']);
    expect(Date.parse(first[0]!.expiresAt)).toBeGreaterThan(Date.now());

    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'alfa@exemplo.com' }), 201);
    const second = await list(admin);
    expect(second.map((i) => i.email)).toEqual(['alfa@exemplo.com', 'beta@exemplo.com']);
    expect(second[0]!.id).not.toBe(first[0]!.id);
    const [oldCode, newCode] = codeOf('alfa@exemplo.com');
    expect(newCode).not.toBe(oldCode);
    // Each invite carries the link its mail carries, for the admin to copy when mail fails.
    expect(second[0]!.link).toBe(`${t.env.appUrl}/register?inviteCode=${newCode}&email=alfa%40exemplo.com`);
    expect(readOutbox(t.env.dataDir).find((m) => m.to === 'alfa@exemplo.com' && m.text.includes(newCode!))?.link).toBe(second[0]!.link);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/user/create-by-invite',
      payload: { name: 'Alfa', email: 'alfa@exemplo.com', nickName: 'alfaum', password: 'senha-alfa-1', inviteCode: oldCode },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('cancels a pending invite (its code stops working); 404 for another workspace, twice or unknown', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const { admin: other } = await createAdminTeam(t.app, []);
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'cancelar@exemplo.com' }), 201);
    const [invite] = await list(admin);

    const notFound = { statusCode: 404, error: 'Not Found', message: 'Convite não encontrado' };
    expect((await as(t.app, other).delete(`/user/invites/${invite!.id}`)).json()).toEqual(notFound);
    expect(expectStatus(await as(t.app, admin).delete(`/user/invites/${invite!.id}`), 200)).toEqual({
      message: 'Convite cancelado com sucesso',
    });
    expect(await list(admin)).toEqual([]);
    expect((await as(t.app, admin).delete(`/user/invites/${invite!.id}`)).json()).toEqual(notFound);
    expect((await as(t.app, admin).delete('/user/invites/xyz')).statusCode).toBe(400);

    const [code] = codeOf('cancelar@exemplo.com');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/user/create-by-invite',
      payload: { name: 'Cancelada', email: 'cancelar@exemplo.com', nickName: 'cancelada', password: 'senha-canc-1', inviteCode: code },
    });
    expect(register.json().message).toBe('Código de convite inválido ou expirado para este e-mail');
  });

  it('is for ADMINs: 403 for a USER', async () => {
    const {
      admin,
      members: [bia],
    } = await createAdminTeam(t.app, ['Bia Lima']);
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'nao-mexa@exemplo.com' }), 201);
    const [invite] = await list(admin);
    expect((await as(t.app, bia).get('/user/invites')).statusCode).toBe(403);
    expect((await as(t.app, bia).delete(`/user/invites/${invite!.id}`)).statusCode).toBe(403);
    expect(await list(admin)).toHaveLength(1);
  });
});
