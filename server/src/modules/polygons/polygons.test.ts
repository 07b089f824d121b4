import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Polygon, PolygonListItem } from '@chat/contracts';
import { neoCustomData, users } from '../../db/schema';
import { as, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { createAdminTeam, setFeatures } from '../../test/team';

// Polygons (neo custom data): POST /neo-custom-data/create, GET /neo-custom-data?search=,
// PUT /neo-custom-data/edit/{id}, DELETE /neo-custom-data/{id}; ADMIN with flag polygonal.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t?.close());

const create = async (admin: TestUser, name: string) =>
  expectStatus<Polygon>(await as(t.app, admin).post('/neo-custom-data/create', { name }), 201);
const list = async (admin: TestUser, search = '') =>
  expectStatus<PolygonListItem[]>(await as(t.app, admin).get(`/neo-custom-data?search=${encodeURIComponent(search)}`), 200);
const TAKEN = { statusCode: 409, error: 'Conflict', message: 'Já existe uma poligonal com este nome' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Poligonal não encontrada' };

describe('polygons', () => {
  it('creates with a trimmed name; names are unique per workspace ignoring case', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const { admin: other } = await createAdminTeam(t.app, []);
    expect(await create(admin, '  Zona Norte ')).toEqual({ id: expect.any(String), name: 'Zona Norte' });
    expect((await as(t.app, admin).post('/neo-custom-data/create', { name: 'ZONA NORTE' })).json()).toEqual(TAKEN);
    expect((await create(other, 'zona norte')).name).toBe('zona norte');
  });

  it('answers 400 in Portuguese to names shorter than 3 or longer than 20 characters', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const short = await as(t.app, admin).post('/neo-custom-data/create', { name: ' ab ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe('Mínimo de 3 caracteres');
    const long = await as(t.app, admin).post('/neo-custom-data/create', { name: 'x'.repeat(21) });
    expect(long.json().issues[0].message).toBe('Máximo de 20 caracteres');
    expect((await as(t.app, admin).post('/neo-custom-data/create', {})).statusCode).toBe(400);
    expect(await list(admin)).toEqual([]);
  });

  it('lists by name with active member counts; search ignores case and accents', async () => {
    const {
      admin,
      members: [, , duda],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia', 'Caio', 'Duda']);
    const sao = await create(admin, 'São Paulo');
    await create(admin, 'amapá');
    await create(admin, 'Bahia');
    await t.app.ctx.db.update(users).set({ neoCustomDataId: sao.id }).where(eq(users.workspaceId, workspaceId));
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, duda.id));
    // admin, bia and caio carry it; duda was removed.
    expect((await list(admin)).map((p) => [p.name, p.membersCount])).toEqual([
      ['amapá', 0],
      ['Bahia', 0],
      ['São Paulo', 3],
    ]);
    expect((await list(admin, 'SAO')).map((p) => p.name)).toEqual(['São Paulo']);
    expect((await list(admin, 'AMAPA')).map((p) => p.name)).toEqual(['amapá']);
    expect(await list(admin, 'nada')).toEqual([]);
    expect((await list(admin, '100%')).length).toBe(0);
  });

  it('renames (409 on a taken name, own name in another case is fine) and 404 across workspaces', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const { admin: other } = await createAdminTeam(t.app, []);
    const leste = await create(admin, 'Leste');
    await create(admin, 'Oeste');
    const renamed = expectStatus<Polygon>(await as(t.app, admin).put(`/neo-custom-data/edit/${leste.id}`, { name: 'LESTE' }), 200);
    expect(renamed).toEqual({ id: leste.id, name: 'LESTE' });
    expect((await as(t.app, admin).put(`/neo-custom-data/edit/${leste.id}`, { name: 'oeste' })).json()).toEqual(TAKEN);
    expect((await as(t.app, other).put(`/neo-custom-data/edit/${leste.id}`, { name: 'Roubada' })).json()).toEqual(NOT_FOUND);
    expect((await as(t.app, admin).put(`/neo-custom-data/edit/${leste.id}`, { name: 'a' })).statusCode).toBe(400);
    expect((await as(t.app, admin).put('/neo-custom-data/edit/zzz', { name: 'Valido' })).statusCode).toBe(400);
    expect((await list(admin)).map((p) => p.name)).toEqual(['LESTE', 'Oeste']);
  });

  it('deletes: members lose the label; 404 across workspaces and the second time', async () => {
    const {
      admin,
      members: [bia],
    } = await createAdminTeam(t.app, ['Bia']);
    const { admin: other } = await createAdminTeam(t.app, []);
    const sul = await create(admin, 'Sul');
    expectStatus(await as(t.app, admin).patch(`/user/update/${bia.id}`, { neoCustomDataId: sul.id }), 200);
    expect((await as(t.app, other).delete(`/neo-custom-data/${sul.id}`)).json()).toEqual(NOT_FOUND);
    expect(expectStatus(await as(t.app, admin).delete(`/neo-custom-data/${sul.id}`), 200)).toEqual({
      message: 'Prefixo deletado com sucesso',
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, bia.id));
    expect(row!.neoCustomDataId).toBeNull();
    expect((await as(t.app, admin).delete(`/neo-custom-data/${sul.id}`)).json()).toEqual(NOT_FOUND);
  });

  it('every call is refused to a USER (403) and without the polygonal feature (403 in Portuguese)', async () => {
    const {
      admin,
      members: [bia],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia']);
    const norte = await create(admin, 'Norte');
    const calls = (who: TestUser) => [
      as(t.app, who).post('/neo-custom-data/create', { name: 'Nova' }),
      as(t.app, who).get('/neo-custom-data'),
      as(t.app, who).put(`/neo-custom-data/edit/${norte.id}`, { name: 'Outro' }),
      as(t.app, who).delete(`/neo-custom-data/${norte.id}`),
    ];
    for (const res of await Promise.all(calls(bia)))
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Acesso negado' });
    await setFeatures(t.app, workspaceId, ['create_members', 'edit_members']);
    for (const res of await Promise.all(calls(admin))) {
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'As poligonais estão desativadas neste workspace' });
    }
    const rows = await t.app.ctx.db.select().from(neoCustomData).where(eq(neoCustomData.workspaceId, workspaceId));
    expect(rows.map((r) => r.name)).toEqual(['Norte']);
  });
});
