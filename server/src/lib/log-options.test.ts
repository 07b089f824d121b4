import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-options';

// What one line of the server's logger holds, for the errors and requests that carry data.

async function logged(write: (app: ReturnType<typeof Fastify>) => void | Promise<void>): Promise<string> {
  let text = '';
  const app = Fastify({ logger: loggerOptions('trace', { write: (line: string) => void (text += line) }) });
  app.get('/register', async () => 'ok');
  await app.ready();
  await write(app);
  await app.close();
  return text;
}

describe('the server logger', () => {
  it("keeps a failed query's driver code and drops its SQL, parameters and the server's detail", async () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(ana@demo.chat) already exists.',
      where: 'SQL statement',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ana@demo.chat', '$argon2id$v=19$segredo'],
      cause,
    );
    const text = await logged((app) => app.log.error({ err: error }, 'falhou'));
    const line = JSON.parse(text) as { err: { cause: Record<string, unknown> } };
    expect(line.err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    for (const secret of ['ana@demo.chat', 'argon2id', 'insert into', 'password_hash', 'SQL statement']) expect(text).not.toContain(secret);
  });

  it('redacts secret fields and logs request URLs without their query string', async () => {
    const text = await logged(async (app) => {
      app.log.info({ refreshToken: 'rt-segredo', user: { passwordHash: 'hash-segredo' }, content: { body: 'texto-segredo' } }, 'campos');
      await app.inject({ method: 'GET', url: '/register?inviteCode=ABC-123' });
    });
    expect(text).toContain('"url":"/register"');
    for (const secret of ['rt-segredo', 'hash-segredo', 'texto-segredo', 'ABC-123']) expect(text).not.toContain(secret);
  });
});
