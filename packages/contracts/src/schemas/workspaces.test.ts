import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  changeAdminBodySchema,
  createWorkspaceBodySchema,
  updateWorkspaceBodySchema,
  workspaceEditFormSchema,
  workspaceFormSchema,
} from './workspaces';

const form = { name: 'Equipe Demo', adminName: 'Ana', adminEmail: 'ana@demo.chat', limitOfMembers: '10' };
const LIMIT_MESSAGE = 'Limite de membros deve ser entre 0 e 1000';

describe('workspaceFormSchema', () => {
  it('accepts a valid form and coerces the limit', () => {
    expect(parseOk(workspaceFormSchema, form)).toEqual({ ...form, limitOfMembers: 10 });
  });

  it.each([
    [1, ['Mínimo de 2 caracteres']],
    [2, []],
    [40, []],
    [41, ['Máximo de 40 caracteres']],
  ])('name and adminName of %i characters', (n, expected) => {
    expect(messagesAt(workspaceFormSchema, { ...form, name: chars(n) }, 'name')).toEqual(expected);
    expect(messagesAt(workspaceFormSchema, { ...form, adminName: chars(n) }, 'adminName')).toEqual(expected);
  });

  it('admin e-mail valid, lowercased', () => {
    expect(messagesAt(workspaceFormSchema, { ...form, adminEmail: 'ana' }, 'adminEmail')).toEqual(['E-mail do administrador é inválido']);
    expect(parseOk(workspaceFormSchema, { ...form, adminEmail: 'ANA@demo.chat' }).adminEmail).toBe('ana@demo.chat');
  });

  it.each([
    ['-1', [LIMIT_MESSAGE]],
    ['0', []],
    ['1000', []],
    ['1001', [LIMIT_MESSAGE]],
    [-1, [LIMIT_MESSAGE]],
    [0, []],
    [1000, []],
    [1001, [LIMIT_MESSAGE]],
    ['abc', [LIMIT_MESSAGE]],
    ['1.5', ['Limite de membros deve ser um número inteiro']],
  ])('limitOfMembers %j', (limit, expected) => {
    expect(messagesAt(workspaceFormSchema, { ...form, limitOfMembers: limit }, 'limitOfMembers')).toEqual(expected);
  });

  it.each([
    [1000, ['Limite ampliado deve ser entre 1001 e 100000']],
    [1001, []],
    [100_000, []],
    [100_001, ['Limite ampliado deve ser entre 1001 e 100000']],
  ])('limitOfMembers %j with the "limite ampliado" box', (limit, expected) => {
    expect(messagesAt(workspaceFormSchema, { ...form, limitOfMembers: limit, extendedLimit: true }, 'limitOfMembers')).toEqual(expected);
    expect(messagesAt(workspaceEditFormSchema, { ...form, limitOfMembers: limit, extendedLimit: true }, 'limitOfMembers')).toEqual(
      expected,
    );
  });

  it('the bodies take a limit up to 100000 without any box', () => {
    expect(parseOk(updateWorkspaceBodySchema, { name: 'Equipe', limitOfMembers: 5000 }).limitOfMembers).toBe(5000);
    expect(parseOk(createWorkspaceBodySchema, { ...form, limitOfMembers: 100_000 }).limitOfMembers).toBe(100_000);
  });

  it('an empty limit input means no limit (0)', () => {
    expect(parseOk(workspaceFormSchema, { ...form, limitOfMembers: '' }).limitOfMembers).toBe(0);
  });

  it('is the create body', () => {
    expect(parseOk(createWorkspaceBodySchema, { ...form, limitOfMembers: 5 }).limitOfMembers).toBe(5);
  });
});

describe('updateWorkspaceBodySchema', () => {
  it('holds name and limit only', () => {
    expect(parseOk(updateWorkspaceBodySchema, form)).toEqual({ name: 'Equipe Demo', limitOfMembers: 10 });
    expect(messagesAt(updateWorkspaceBodySchema, { name: 'E', limitOfMembers: 100_001 }, 'limitOfMembers')).toEqual([
      'Limite de membros deve ser entre 0 e 100000',
    ]);
    expect(messagesAt(updateWorkspaceBodySchema, { name: 'E', limitOfMembers: 1 }, 'name')).toEqual(['Mínimo de 2 caracteres']);
  });
});

describe('changeAdminBodySchema', () => {
  it('validates the new admin e-mail', () => {
    expect(parseOk(changeAdminBodySchema, { newAdminEmail: 'Bruno@Demo.chat' })).toEqual({ newAdminEmail: 'bruno@demo.chat' });
    expect(messagesAt(changeAdminBodySchema, { newAdminEmail: 'bruno' }, 'newAdminEmail')).toEqual(['E-mail do administrador é inválido']);
  });
});

describe('description and features', () => {
  it('are optional; the description is trimmed and at most 200 characters', () => {
    const full = { ...form, description: '  Time de vendas ', features: ['polygonal', 'edit_members'] };
    expect(parseOk(workspaceFormSchema, full)).toMatchObject({ description: 'Time de vendas', features: ['polygonal', 'edit_members'] });
    expect(messagesAt(updateWorkspaceBodySchema, { name: 'Equipe', limitOfMembers: 0, description: chars(201) }, 'description')).toEqual([
      'Descrição deve ter no máximo 200 caracteres',
    ]);
  });

  it('refuses an unknown feature', () => {
    expect(messagesAt(updateWorkspaceBodySchema, { name: 'Equipe', limitOfMembers: 0, features: ['voar'] }, 'features.0')).toHaveLength(1);
  });
});

describe('workspaceEditFormSchema', () => {
  it('does not validate the disabled adminName', () => {
    expect(messagesAt(workspaceEditFormSchema, { ...form, adminName: undefined }, 'adminName')).toEqual([]);
    expect(messagesAt(workspaceEditFormSchema, { ...form, adminEmail: 'x' }, 'adminEmail')).toEqual(['E-mail do administrador é inválido']);
  });
});
