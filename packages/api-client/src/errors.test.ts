import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './errors';
import { ApiCallError } from './http';

function serverError(status: number, data: unknown) {
  const headers = new AxiosHeaders();
  return new ApiCallError(
    new AxiosError('falhou', 'ERR_BAD_RESPONSE', { headers }, null, { status, statusText: '', data, headers, config: { headers } }),
  );
}

describe('apiErrorMessage', () => {
  it('uses the server message of an API error', () => {
    expect(
      apiErrorMessage(
        serverError(403, { statusCode: 403, error: 'Forbidden', message: 'Acesso negado' }),
        'Erro desconhecido ao criar grupo',
      ),
    ).toBe('Acesso negado');
  });

  it('falls back when the body is not an API error or the failure is not a response', () => {
    expect(apiErrorMessage(serverError(502, '<html>'), 'Erro desconhecido ao criar grupo')).toBe('Erro desconhecido ao criar grupo');
    expect(apiErrorMessage(new Error('rede'), 'Erro desconhecido ao criar grupo')).toBe('Erro desconhecido ao criar grupo');
  });
});
