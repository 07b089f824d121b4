import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  changePasswordSchema,
  isProfileUnchanged,
  PROFILE_NO_CHANGES_TEXT,
  profileSchema,
  updatePasswordBodySchema,
  updateProfileBodySchema,
} from './profile';

describe('profileSchema', () => {
  it.each([
    [1, ['Mínimo de 2 caracteres']],
    [2, []],
    [40, []],
    [41, ['Máximo de 40 caracteres']],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(profileSchema, { name: chars(n), nickName: 'diego' }, 'name')).toEqual(expected);
  });

  it.each([
    [2, ['Mínimo de 3 caracteres']],
    [3, []],
    [25, []],
    [26, ['Máximo de 25 caracteres']],
  ])('nickName of %i characters', (n, expected) => {
    expect(messagesAt(profileSchema, { name: 'Diego', nickName: chars(n) }, 'nickName')).toEqual(expected);
  });

  it('nickName alphanumeric', () => {
    expect(messagesAt(profileSchema, { name: 'Diego', nickName: 'di@go' }, 'nickName')).toEqual(['Apenas letras e números']);
  });

  it('exports the no-change alert', () => {
    expect(PROFILE_NO_CHANGES_TEXT).toBe('Nenhuma alteração foi feita');
  });

  it('detects an unchanged submission', () => {
    const current = { name: 'Diego', nickName: 'diego' };
    expect(isProfileUnchanged(current, { name: 'Diego', nickName: 'diego' })).toBe(true);
    expect(isProfileUnchanged(current, { name: 'Diego Souza', nickName: 'diego' })).toBe(false);
    expect(isProfileUnchanged(current, { name: 'Diego', nickName: 'diego2' })).toBe(false);
  });

  it('update body accepts any subset plus avatarUrl', () => {
    expect(parseOk(updateProfileBodySchema, { avatarUrl: 'http://x/media/avatars/a.png' })).toEqual({
      avatarUrl: 'http://x/media/avatars/a.png',
    });
    expect(messagesAt(updateProfileBodySchema, { name: 'D' }, 'name')).toEqual(['Mínimo de 2 caracteres']);
  });
});

const change = { oldPassword: 'antiga', newPassword: 'segredo123', confirmPassword: 'segredo123', revokeApiKey: true };

describe('changePasswordSchema', () => {
  it('accepts a valid form', () => {
    expect(parseOk(changePasswordSchema, change)).toEqual(change);
  });

  it('requires the current password', () => {
    expect(messagesAt(changePasswordSchema, { ...change, oldPassword: '' }, 'oldPassword')).toEqual(['A senha atual é obrigatória']);
    const { oldPassword: _unused, ...rest } = change;
    expect(messagesAt(changePasswordSchema, rest, 'oldPassword')).toEqual(['A senha atual é obrigatória']);
  });

  it.each([
    [7, ['Mínimo de 8 caracteres']],
    [8, []],
    [72, []],
    [73, ['Máximo de 72 caracteres']],
  ])('new password of %i characters', (n, expected) => {
    const value = { ...change, newPassword: chars(n), confirmPassword: chars(n) };
    expect(messagesAt(changePasswordSchema, value, 'newPassword')).toEqual(expected);
    expect(messagesAt(updatePasswordBodySchema, { oldPassword: 'x', newPassword: chars(n) }, 'newPassword')).toEqual(expected);
  });

  it('confirmation must match', () => {
    expect(messagesAt(changePasswordSchema, { ...change, confirmPassword: 'segredo124' }, 'confirmPassword')).toEqual([
      'As senhas devem ser iguais',
    ]);
  });
});
