import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Without SMTP_URL every mail becomes DATA_DIR/outbox/<timestamp>-<seq>-<random>.eml, so reset
// and invite work on a laptop and tests read the links. Names sort chronologically.

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

let sequence = 0;

export function outboxFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/** Written under a temporary name and renamed, so a reader never sees half a mail. */
export async function writeToOutbox(dataDir: string, message: Buffer): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, outboxFileName());
  await writeFile(`${file}.tmp`, message);
  await rename(`${file}.tmp`, file);
  return file;
}
