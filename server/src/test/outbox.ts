import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxDir } from '../modules/mail/outbox';

// Reads what the mailer wrote to DATA_DIR/outbox, the way an e2e test or a developer would: the
// raw .eml, where the text part is 8bit and holds each link alone on its line.

export interface OutboxMail {
  file: string;
  /** The file exactly as written. */
  raw: string;
  from: string;
  to: string;
  /** Decoded from its RFC 2047 encoded words. */
  subject: string;
  /** Headers of the whole message, lower-case names, unfolded. */
  headers: Record<string, string>;
  /** The text/plain part as written (8bit, so readable as is). */
  text: string;
  /** The first http(s) URL alone on a line of the text part. */
  link: string | null;
}

/** Every mail in DATA_DIR/outbox, oldest first (file names start with a timestamp). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((f) => parseEml(path.join(dir, f), readFileSync(path.join(dir, f), 'utf8')));
}

export function latestMail(dataDir: string, to?: string): OutboxMail {
  const mails = readOutbox(dataDir).filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
  const mail = mails.at(-1);
  if (!mail) throw new Error(`nenhum e-mail${to ? ` para ${to}` : ''} em ${outboxDir(dataDir)}`);
  return mail;
}

/**
 * Runs `send` and waits for the mail it causes to `to` (some mails leave after the answer, e.g. the
 * password reset's), then returns it.
 */
export async function nextMail(dataDir: string, to: string, send: () => Promise<unknown>, timeoutMs = 5000): Promise<OutboxMail> {
  const mailsTo = () => readOutbox(dataDir).filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const before = mailsTo().length;
  await send();
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
    const mails = mailsTo();
    if (mails.length > before) return mails.at(-1)!;
  }
  throw new Error(`nenhum e-mail novo para ${to} em ${outboxDir(dataDir)}`);
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseEml(file: string, raw: string): OutboxMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const textStart = raw.search(/Content-Type: text\/plain[^\r]*\r\nContent-Transfer-Encoding: 8bit\r\n\r\n/);
  let text = '';
  if (textStart >= 0) {
    const body = raw.slice(raw.indexOf('\r\n\r\n', textStart) + 4);
    const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
    const end = boundary ? body.indexOf(`\r\n--${boundary}`) : -1;
    text = (end >= 0 ? body.slice(0, end) : body).replace(/\r\n/g, '\n');
  }
  const link = /^(https?:\/\/\S+)$/m.exec(text)?.[1] ?? null;
  return {
    file,
    raw,
    from: decodeWords(headers.from ?? ''),
    to: headers.to ?? '',
    subject: decodeWords(headers.subject ?? ''),
    headers,
    text,
    link,
  };
}
