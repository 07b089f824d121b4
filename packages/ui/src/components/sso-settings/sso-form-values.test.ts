import { describe, expect, it } from 'vitest';
import { initialSsoValues, slugFromName, toSsoBody } from './sso-form-values';

describe('the SSO form values', () => {
  it('suggests the workspace link from its name', () => {
    expect(slugFromName('Equipe São João — Filial 2')).toBe('equipe-sao-joao-filial-2');
    expect(initialSsoValues(null, 'Ação Social')).toMatchObject({
      slug: 'acao-social',
      enabled: true,
      allowPassword: true,
      clientSecret: '',
    });
  });

  it('sends domains as a list and leaves out an empty secret when one is stored', () => {
    const values = {
      ...initialSsoValues(null, 'Empresa'),
      issuer: 'https://login.empresa.com.br',
      clientId: 'papo',
      domains: 'Empresa.com.br, @filial.com;  outra.org',
    };
    expect(toSsoBody(values, true)).toEqual({
      body: {
        enabled: true,
        slug: 'empresa',
        issuer: 'https://login.empresa.com.br',
        clientId: 'papo',
        allowedDomains: ['empresa.com.br', 'filial.com', 'outra.org'],
        createMembers: true,
        allowPassword: true,
      },
    });
  });

  it('puts each message on its field, the secret required on a first configuration', () => {
    const result = toSsoBody({ ...initialSsoValues(null, 'Empresa'), issuer: 'não é url', domains: '' }, false);
    expect(result).toEqual({
      errors: {
        issuer: 'Endereço do provedor inválido',
        clientId: 'Informe o identificador do cliente',
        clientSecret: 'Informe o segredo do cliente',
        domains: 'Informe ao menos um domínio de e-mail',
      },
    });
  });
});
