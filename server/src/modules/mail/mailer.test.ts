import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestMail, readOutbox } from '../../test/outbox';
import { createMailer } from './mailer';
import { inviteMail, passwordResetMail } from './templates';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-mail-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Records what the mailer logs: the outbox mode names each file and never its secret link. */
function recordingLogger() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log = {
    level: 'info',
    info: record('info'),
    error: record('error'),
    warn: record('warn'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
    silent: () => undefined,
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}
const silent = recordingLogger().log;
const appUrl = 'http://localhost:3000';
const token = 'ab'.repeat(32);
const resetLink = `${appUrl}/reset-password?token=${token}`;

describe('mailer without SMTP_URL (outbox)', () => {
  it('writes an .eml whose text part holds the link unencoded, alone on its line, and logs its file, not the link', async () => {
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: null, dataDir, appUrl }, log);
    await mailer.send(passwordResetMail({ to: 'ana@demo.chat', name: 'Ana Souza', link: resetLink }));
    await mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      args: [expect.objectContaining({ file: expect.stringContaining('outbox') }), expect.any(String)],
    });
    expect(JSON.stringify(lines)).not.toContain(resetLink.split('=')[1]);

    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-\d{6}-[0-9a-f]{6}\.eml$/);
    const mail = latestMail(dataDir);
    // What an e2e test does: a regex over the raw file finds the whole link exactly once.
    const found = [...mail.raw.matchAll(/https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}/gi)].map((m) => m[0]);
    expect(found).toEqual([resetLink]);
    expect(mail.raw).toMatch(new RegExp(`\\r\\n${resetLink.replace(/[?.]/g, '\\$&')}\\r\\n`));
    expect(mail.link).toBe(resetLink);
    expect(mail.to).toBe('ana@demo.chat');
    expect(mail.from).toBe('Papo <no-reply@localhost>');
    expect(mail.subject).toBe('Redefinição de senha do Papo');
    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.text).toContain('vale por 1 hora e pode ser usado uma única vez');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    // The HTML part is there too, in base64 (so the raw file holds one readable copy of the link).
    const html = /Content-Type: text\/html[^\r]*\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
    expect(Buffer.from(html![1]!.replace(/\r\n/g, ''), 'base64').toString('utf8')).toContain(`href="${resetLink}"`);
  });

  it('puts the invite link and the code in the text, and escapes names in the HTML', async () => {
    const mailer = createMailer({ smtpUrl: null, dataDir, appUrl }, silent);
    const link = `${appUrl}/register?inviteCode=ABC-DEF`;
    const mail = inviteMail({
      to: 'nova@x.com',
      inviterName: '<b>Ana</b>',
      workspaceName: 'Equipe Demo',
      code: 'ABC-DEF',
      link,
      registerUrl: `${appUrl}/register`,
      expiresAt: new Date('2030-01-08T12:00:00Z'),
    });
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ana</b>');
    await mailer.send(mail);
    const written = latestMail(dataDir, 'nova@x.com');
    expect(written.subject).toBe('Convite para a equipe Equipe Demo no Papo');
    expect(written.link).toBe(link);
    expect(written.text).toContain('informe o código de convite: ABC-DEF');
    expect(written.text).toContain('08/01/2030');
    await mailer.close();
  });

  it('names files so that they sort in the order they were written', async () => {
    const mailer = createMailer({ smtpUrl: null, dataDir, appUrl }, silent);
    for (const name of ['um', 'dois', 'tres']) {
      await mailer.dispatch(passwordResetMail({ to: `${name}@x.com`, name, link: resetLink }));
    }
    await mailer.close();
    expect(readOutbox(dataDir).map((m) => m.to)).toEqual(['um@x.com', 'dois@x.com', 'tres@x.com']);
    expect(readdirSync(path.join(dataDir, 'outbox')).some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

describe('mailer with SMTP_URL', () => {
  it('reports a failed delivery from send(), only logs it from dispatch()', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', dataDir, appUrl }, log);
    const mail = passwordResetMail({ to: 'ana@demo.chat', name: 'Ana', link: resetLink });
    await expect(mailer.send(mail)).rejects.toThrow();
    await expect(mailer.dispatch(mail)).resolves.toBeUndefined();
    await mailer.close();
    expect(lines.map((l) => l.level)).toEqual(['error']);
    expect(readOutbox(dataDir)).toEqual([]);
  });
});
