import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  addAdminBodySchema,
  addMembersBodySchema,
  createGroupBodySchema,
  groupCreateFormSchema,
  groupEditFormSchema,
  removeAdminBodySchema,
  removeMemberBodySchema,
  updateGroupBodySchema,
} from './groups';

const id1 = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const id2 = '9b2f1c1e-2d3a-4b5c-8d7e-6f5a4b3c2d1e';

describe('groupCreateFormSchema', () => {
  it('requires a name, any length from 1', () => {
    expect(messagesAt(groupCreateFormSchema, { name: '', description: '' }, 'name')).toEqual(['Nome é obrigatório']);
    expect(messagesAt(groupCreateFormSchema, { name: '  ', description: '' }, 'name')).toEqual(['Nome é obrigatório']);
    expect(messagesAt(groupCreateFormSchema, { name: 'A', description: '' }, 'name')).toEqual([]);
  });

  it('description is a string (may be empty)', () => {
    expect(parseOk(groupCreateFormSchema, { name: 'Time', description: '' })).toEqual({ name: 'Time', description: '' });
    expect(messagesAt(groupCreateFormSchema, { name: 'Time', description: 3 }, 'description')).toEqual(['Descrição inválida']);
  });
});

describe('createGroupBodySchema', () => {
  it('takes member ids, name and description', () => {
    const body = { members: [id1, id2], name: 'Time', description: 'Projeto' };
    expect(parseOk(createGroupBodySchema, body)).toEqual(body);
    expect(messagesAt(createGroupBodySchema, { ...body, members: ['x'] }, 'members.0')).toEqual(['Identificador inválido']);
    expect(messagesAt(createGroupBodySchema, { ...body, name: '' }, 'name')).toEqual(['Nome é obrigatório']);
  });
});

describe('groupEditFormSchema', () => {
  it('an empty name says first that it is required', () => {
    expect(messagesAt(groupEditFormSchema, { name: '', description: '' }, 'name')[0]).toBe('Nome é obrigatório');
  });

  it.each([
    [2, ['Nome deve ter pelo menos 3 caracteres']],
    [3, []],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(groupEditFormSchema, { name: chars(n), description: '' }, 'name')).toEqual(expected);
    expect(messagesAt(updateGroupBodySchema, { name: chars(n), description: '' }, 'name')).toEqual(expected);
  });

  it('trims before measuring', () => {
    expect(messagesAt(groupEditFormSchema, { name: '  ab  ', description: '' }, 'name')).toEqual(['Nome deve ter pelo menos 3 caracteres']);
  });
});

describe('group admin and member bodies', () => {
  it('add/remove admin and remove member take one UUID', () => {
    expect(parseOk(addAdminBodySchema, { newAdminId: id1 })).toEqual({ newAdminId: id1 });
    expect(parseOk(removeAdminBodySchema, { adminId: id1 })).toEqual({ adminId: id1 });
    expect(parseOk(removeMemberBodySchema, { memberId: id1 })).toEqual({ memberId: id1 });
    expect(messagesAt(addAdminBodySchema, { newAdminId: 'x' }, 'newAdminId')).toEqual(['Identificador inválido']);
    expect(messagesAt(removeAdminBodySchema, {}, 'adminId')).toEqual(['Identificador inválido']);
    expect(messagesAt(removeMemberBodySchema, { memberId: 1 }, 'memberId')).toEqual(['Identificador inválido']);
  });

  it('add members needs at least one UUID', () => {
    expect(parseOk(addMembersBodySchema, { newMembersIds: [id1, id2] })).toEqual({ newMembersIds: [id1, id2] });
    expect(messagesAt(addMembersBodySchema, { newMembersIds: [] }, 'newMembersIds')).toEqual(['Selecione ao menos um usuário']);
    expect(messagesAt(addMembersBodySchema, { newMembersIds: [id1, 'no'] }, 'newMembersIds.1')).toEqual(['Identificador inválido']);
  });
});
