import { describe, expect, it } from 'vitest';
import { registerSchema, signinSchema } from '@chat/contracts';
import { validateFields } from './field-errors';

describe('validateFields', () => {
  it('returns the parsed values (trimmed) when the schema accepts them', () => {
    const result = validateFields(signinSchema, { identifier: ' ana ', password: 'x', rememberMe: true });
    expect(result).toEqual({ data: { identifier: 'ana', password: 'x', rememberMe: true }, errors: {} });
  });

  it('gives each field its first message, with no values', () => {
    const result = validateFields(signinSchema, { identifier: '  ', password: '' });
    expect(result.data).toBeNull();
    expect(result.errors).toEqual({ identifier: 'Usuário é obrigatório', password: 'Senha é obrigatória' });
  });

  it('puts a refinement on the field its path names', () => {
    const values = {
      name: 'Eva',
      email: 'eva@demo.chat',
      nickName: 'eva',
      password: 'senha-123',
      confirmPassword: 'senha-456',
      inviteCode: 'ABC-123',
    };
    expect(validateFields(registerSchema, values).errors).toEqual({ confirmPassword: 'As senhas devem ser iguais' });
  });
});
