import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  createMemberBodySchema,
  createMemberSchema,
  editMemberBodySchema,
  editMemberSchema,
  inviteMemberSchema,
  onlyFilled,
} from './members';

describe('inviteMemberSchema', () => {
  it('validates and lowercases the e-mail', () => {
    expect(parseOk(inviteMemberSchema, { email: 'Bruno@Demo.Chat ' })).toEqual({ email: 'bruno@demo.chat' });
    expect(messagesAt(inviteMemberSchema, { email: 'bruno@' }, 'email')).toEqual(['E-mail inválido']);
  });
});

const member = {
  name: 'Bruno',
  email: 'bruno@demo.chat',
  nickName: 'bruno',
  password: 'segredo123',
  confirmPassword: 'segredo123',
};

describe('createMemberSchema', () => {
  it('accepts the register fields without an invite code', () => {
    expect(parseOk(createMemberSchema, member)).toEqual(member);
  });

  it.each([
    [1, ['Mínimo de 2 caracteres']],
    [2, []],
    [40, []],
    [41, ['Máximo de 40 caracteres']],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(createMemberSchema, { ...member, name: chars(n) }, 'name')).toEqual(expected);
  });

  it.each([
    [2, ['Mínimo de 3 caracteres']],
    [3, []],
    [25, []],
    [26, ['Máximo de 25 caracteres']],
  ])('nickName of %i characters', (n, expected) => {
    expect(messagesAt(createMemberSchema, { ...member, nickName: chars(n, 'b') }, 'nickName')).toEqual(expected);
  });

  it('nickName alphanumeric', () => {
    expect(messagesAt(createMemberSchema, { ...member, nickName: 'bru-no' }, 'nickName')).toEqual(['Apenas letras e números']);
  });

  it.each([
    [7, ['Mínimo de 8 caracteres']],
    [8, []],
    [72, []],
    [73, ['Máximo de 72 caracteres']],
  ])('password of %i characters', (n, expected) => {
    const value = { ...member, password: chars(n), confirmPassword: chars(n) };
    expect(messagesAt(createMemberSchema, value, 'password')).toEqual(expected);
    expect(messagesAt(createMemberSchema, value, 'confirmPassword')).toEqual(expected);
  });

  it('email lowercased, invalid rejected', () => {
    expect(parseOk(createMemberSchema, { ...member, email: 'BRUNO@demo.chat' }).email).toBe('bruno@demo.chat');
    expect(messagesAt(createMemberSchema, { ...member, email: 'bruno' }, 'email')).toEqual(['E-mail inválido']);
  });

  it('passwords must match', () => {
    expect(messagesAt(createMemberSchema, { ...member, confirmPassword: 'segredo12' }, 'confirmPassword')).toEqual([
      'As senhas devem ser iguais',
    ]);
  });

  it('the request body has no confirmation', () => {
    const { confirmPassword: _unused, ...body } = member;
    expect(parseOk(createMemberBodySchema, member)).toEqual(body);
    expect(messagesAt(createMemberBodySchema, { ...body, password: chars(7) }, 'password')).toEqual(['Mínimo de 8 caracteres']);
  });
});

describe('editMemberSchema', () => {
  it('accepts an untouched form (all empty or missing)', () => {
    expect(parseOk(editMemberSchema, { name: '', email: '', nickName: '', password: '' })).toEqual({
      name: '',
      email: '',
      nickName: '',
      password: '',
    });
    expect(parseOk(editMemberSchema, {})).toEqual({});
  });

  it.each([
    [1, []],
    [40, []],
    [41, ['Máximo de 40 caracteres']],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(editMemberSchema, { name: chars(n) }, 'name')).toEqual(expected);
  });

  it('a blank (spaces only) name is below the minimum of 1', () => {
    expect(messagesAt(editMemberSchema, { name: '   ' }, 'name')).toEqual(['Mínimo de 1 caractere']);
  });

  it('email valid when given, lowercased', () => {
    expect(messagesAt(editMemberSchema, { email: 'carla' }, 'email')).toEqual(['E-mail inválido']);
    expect(parseOk(editMemberSchema, { email: 'Carla@Demo.chat' }).email).toBe('carla@demo.chat');
  });

  it.each([
    [2, ['Mínimo de 3 caracteres']],
    [3, []],
    [25, []],
    [26, ['Máximo de 25 caracteres']],
  ])('nickName of %i characters', (n, expected) => {
    expect(messagesAt(editMemberSchema, { nickName: chars(n) }, 'nickName')).toEqual(expected);
  });

  it('nickName alphanumeric when given', () => {
    expect(messagesAt(editMemberSchema, { nickName: 'car la' }, 'nickName')).toEqual(['Apenas letras e números']);
  });

  it.each([
    [7, ['Mínimo de 8 caracteres']],
    [8, []],
    [72, []],
    [73, ['Máximo de 72 caracteres']],
  ])('password of %i characters', (n, expected) => {
    expect(messagesAt(editMemberSchema, { password: chars(n) }, 'password')).toEqual(expected);
  });
});

describe('onlyFilled', () => {
  it('drops empty, blank, null and undefined fields', () => {
    expect(onlyFilled({ name: 'Carla', email: '', nickName: undefined, password: '   ', avatarUrl: null })).toEqual({
      name: 'Carla',
    });
  });

  it('keeps falsy non-string values', () => {
    expect(onlyFilled({ limit: 0, active: false, name: '' })).toEqual({ limit: 0, active: false });
  });

  it('turns a parsed edit form into a valid body', () => {
    const parsed = parseOk(editMemberSchema, { name: ' Carla ', email: '', nickName: '', password: '' });
    expect(parseOk(editMemberBodySchema, onlyFilled(parsed))).toEqual({ name: 'Carla' });
  });
});

describe('editMemberBodySchema', () => {
  it('needs at least one field', () => {
    expect(messagesAt(editMemberBodySchema, {}, '')).toEqual(['Preencha ao menos um campo']);
  });

  it('validates each given field', () => {
    expect(messagesAt(editMemberBodySchema, { email: 'x' }, 'email')).toEqual(['E-mail inválido']);
    expect(messagesAt(editMemberBodySchema, { name: '' }, 'name')).toEqual(['Mínimo de 1 caractere']);
    expect(messagesAt(editMemberBodySchema, { password: chars(73) }, 'password')).toEqual(['Máximo de 72 caracteres']);
  });
});
