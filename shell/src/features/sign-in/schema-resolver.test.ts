import { describe, expect, it } from 'vitest';
import { registerSchema, signinSchema } from '@chat/contracts';
import { schemaResolver } from './schema-resolver';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('schemaResolver', () => {
  it('returns the parsed values (trimmed) when the schema accepts them', async () => {
    const result = await schemaResolver(signinSchema)({ identifier: ' ana ', password: 'x', rememberMe: true }, undefined, options);
    expect(result).toEqual({ values: { identifier: 'ana', password: 'x', rememberMe: true }, errors: {} });
  });

  it('gives each field its first message, with no values', async () => {
    const result = await schemaResolver(signinSchema)({ identifier: '  ', password: '' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      identifier: { type: 'too_small', message: 'Usuário é obrigatório' },
      password: { type: 'too_small', message: 'Senha é obrigatória' },
    });
  });

  it('puts a refinement on the field its path names', async () => {
    const values = { name: 'Eva', email: 'eva@demo.chat', nickName: 'eva', password: 'senha-123', confirmPassword: 'senha-456', inviteCode: 'ABC-123' };
    const result = await schemaResolver(registerSchema)(values, undefined, options);
    expect(result.errors).toEqual({ confirmPassword: { type: 'custom', message: 'As senhas devem ser iguais' } });
  });
});
