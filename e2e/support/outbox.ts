import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// The server writes each mail as DATA_DIR/outbox/<timestamp>-<seq>-<random>.eml (no SMTP_URL);
// names sort chronologically. Tests read the reset and invite links from there.

export function outboxFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => join(dir, name));
}

/** The decoded text of a MIME message: quoted-printable and base64 parts are decoded. */
export function decodeMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const headers = part.slice(0, split).toLowerCase();
      const body = part.slice(split).trim();
      if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (headers.includes('content-transfer-encoding: quoted-printable')) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/**
 * Waits for a mail that arrived after `seenBefore` (the outbox size before the action) and
 * returns its first link matching `pattern`, with the mail's recipient line.
 */
export async function waitForMailLink(dataDir: string, seenBefore: number, pattern: RegExp): Promise<{ link: string; text: string }> {
  let text = '';
  await expect
    .poll(
      () => {
        const files = outboxFiles(dataDir);
        if (files.length <= seenBefore) return null;
        text = decodeMail(readFileSync(files[files.length - 1]!, 'utf8'));
        return pattern.exec(text)?.[0] ?? null;
      },
      { message: `um e-mail com ${pattern} na caixa de saída` },
    )
    .not.toBeNull();
  return { link: pattern.exec(text)![0], text };
}
