import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  createByInviteBodySchema,
  forgotPasswordSchema,
  isValidResetToken,
  normalizeInviteCode,
  registerSchema,
  resetPasswordFormSchema,
  signinSchema,
  usePasswordTokenSchema,
} from './auth';

describe('signinSchema', () => {
  it('requires the identifier', () => {
    expect(messagesAt(signinSchema, { identifier: '', password: 'x' }, 'identifier')).toEqual(['Usuário é obrigatório']);
    expect(messagesAt(signinSchema, { identifier: '   ', password: 'x' }, 'identifier')).toEqual(['Usuário é obrigatório']);
    expect(messagesAt(signinSchema, { identifier: 'a', password: 'x' }, 'identifier')).toEqual([]);
  });

  it('requires the password', () => {
    expect(messagesAt(signinSchema, { identifier: 'ana', password: '' }, 'password')).toEqual(['Senha é obrigatória']);
    expect(parseOk(signinSchema, { identifier: ' ana ', password: 'p', rememberMe: true })).toEqual({
      identifier: 'ana',
      password: 'p',
      rememberMe: true,
    });
  });
});

const register = {
  name: 'Ana Silva',
  email: 'ana@demo.chat',
  nickName: 'ana',
  password: 'segredo123',
  confirmPassword: 'segredo123',
  inviteCode: 'ABC-123',
};

describe('registerSchema', () => {
  it('accepts a valid form', () => {
    expect(parseOk(registerSchema, register)).toEqual(register);
  });

  it.each([
    [1, ['Mínimo de 2 caracteres']],
    [2, []],
    [40, []],
    [41, ['Máximo de 40 caracteres']],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(registerSchema, { ...register, name: chars(n) }, 'name')).toEqual(expected);
  });

  it.each([
    [2, ['Mínimo de 3 caracteres']],
    [3, []],
    [25, []],
    [26, ['Máximo de 25 caracteres']],
  ])('nickName of %i characters', (n, expected) => {
    expect(messagesAt(registerSchema, { ...register, nickName: chars(n) }, 'nickName')).toEqual(expected);
  });

  it('nickName letters and digits only', () => {
    expect(messagesAt(registerSchema, { ...register, nickName: 'ana_silva' }, 'nickName')).toEqual(['Apenas letras e números']);
    expect(messagesAt(registerSchema, { ...register, nickName: 'Ana2' }, 'nickName')).toEqual([]);
  });

  it('email valid and lowercased', () => {
    expect(messagesAt(registerSchema, { ...register, email: 'ana.demo.chat' }, 'email')).toEqual(['E-mail inválido']);
    expect(messagesAt(registerSchema, { ...register, email: '' }, 'email')).toEqual(['E-mail inválido']);
    expect(parseOk(registerSchema, { ...register, email: 'Ana@Demo.CHAT' }).email).toBe('ana@demo.chat');
  });

  it.each([
    [7, ['Mínimo de 8 caracteres']],
    [8, []],
    [72, []],
    [73, ['Máximo de 72 caracteres']],
  ])('password and confirmation of %i characters', (n, expected) => {
    const value = { ...register, password: chars(n), confirmPassword: chars(n) };
    expect(messagesAt(registerSchema, value, 'password')).toEqual(expected);
    expect(messagesAt(registerSchema, value, 'confirmPassword')).toEqual(expected);
  });

  it('passwords must match', () => {
    expect(messagesAt(registerSchema, { ...register, confirmPassword: 'segredo124' }, 'confirmPassword')).toEqual([
      'As senhas devem ser iguais',
    ]);
  });

  it.each([
    ['ABC-123', true],
    ['a1b-2c3', true],
    [' XYZ-999 ', true],
    ['ctf4uj', true],
    [' ctf-4uj ', true],
    ['CTF 4UJ', true],
    ['ABC12', false],
    ['ABCD-123', false],
    ['AB-1234', false],
    ['ABC-12', false],
    ['ABC-1234', false],
    ['AB#-123', false],
    ['', false],
  ])('invite code %j valid: %s', (code, ok) => {
    const messages = messagesAt(registerSchema, { ...register, inviteCode: code }, 'inviteCode');
    if (ok) expect(messages).toEqual([]);
    else expect(messages[0]).toBe('Código de convite inválido');
    if (!ok) expect(new Set(messages)).toEqual(new Set(['Código de convite inválido']));
  });

  it.each([
    ['abc-12d', 'ABC-12D'],
    ['ctf4uj', 'CTF-4UJ'],
    [' ctf-4uj ', 'CTF-4UJ'],
    ['ctf 4uj', 'CTF-4UJ'],
    ['CTF\u20134UJ', 'CTF-4UJ'],
  ])('invite code %j becomes %j', (typed, canonical) => {
    expect(parseOk(registerSchema, { ...register, inviteCode: typed }).inviteCode).toBe(canonical);
    expect(normalizeInviteCode(typed)).toBe(canonical);
  });

  it('leaves what is not a code for the pattern to refuse', () => {
    expect(normalizeInviteCode(' ab-1234 ')).toBe('AB-1234');
    expect(normalizeInviteCode('abc#123')).toBe('ABC#123');
  });
});

describe('createByInviteBodySchema', () => {
  it('is the register form without confirmation', () => {
    const { confirmPassword: _unused, ...body } = register;
    expect(parseOk(createByInviteBodySchema, register)).toEqual(body);
    expect(messagesAt(createByInviteBodySchema, { ...body, inviteCode: 'ABC12' }, 'inviteCode')[0]).toBe('Código de convite inválido');
  });
});

describe('forgotPasswordSchema', () => {
  it('validates and lowercases the e-mail', () => {
    expect(parseOk(forgotPasswordSchema, { email: ' ANA@demo.chat' })).toEqual({ email: 'ana@demo.chat' });
    expect(messagesAt(forgotPasswordSchema, { email: 'ana' }, 'email')).toEqual(['E-mail inválido']);
  });
});

describe('reset password', () => {
  const hex64 = 'a'.repeat(32) + '0123456789abcdefABCDEF0123456789';

  it.each([
    [chars(63, 'a'), false],
    [hex64, true],
    [chars(65, 'a'), false],
    [chars(63, 'a') + 'g', false],
    ['', false],
    [' '.repeat(64), false],
  ])('token %j valid: %s', (token, ok) => {
    expect(isValidResetToken(token)).toBe(ok);
    expect(messagesAt(usePasswordTokenSchema, { token, newPassword: 'segredo123' }, 'token')).toEqual(ok ? [] : ['Token inválido']);
  });

  it('a missing token is invalid', () => {
    expect(isValidResetToken(null)).toBe(false);
    expect(isValidResetToken(undefined)).toBe(false);
  });

  it.each([
    [7, ['Mínimo de 8 caracteres']],
    [8, []],
    [72, []],
    [73, ['Máximo de 72 caracteres']],
  ])('new password of %i characters', (n, expected) => {
    const value = { newPassword: chars(n), newPasswordConfirm: chars(n) };
    expect(messagesAt(resetPasswordFormSchema, value, 'newPassword')).toEqual(expected);
    expect(messagesAt(usePasswordTokenSchema, { token: hex64, newPassword: chars(n) }, 'newPassword')).toEqual(expected);
  });

  it('confirmation must match', () => {
    expect(
      messagesAt(resetPasswordFormSchema, { newPassword: 'segredo123', newPasswordConfirm: 'segredo321' }, 'newPasswordConfirm'),
    ).toEqual(['As senhas devem ser iguais']);
  });
});
