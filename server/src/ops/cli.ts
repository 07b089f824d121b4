import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../config/env';
import { DataDirLockedError } from '../db/pglite/data-dir-lock';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefusedError } from './restore';

// `npm run backup -- <file>` and `npm run restore -- <file>` (through scripts/ops.mjs, which runs
// this in server/ and passes --cwd, the directory the operator typed the command in).

const USAGE = 'uso: npm run backup -- <arquivo>  |  npm run restore -- <arquivo>';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { cwd: { type: 'string' } }, allowPositionals: true });
  const [command, target] = positionals;
  if ((command !== 'backup' && command !== 'restore') || !target) throw new RestoreRefusedError(USAGE);
  const cwd = values.cwd ?? process.cwd();
  const env = loadEnv(cwd);
  const file = path.resolve(cwd, target);
  if (command === 'backup') {
    const report = await createBackup(env, file);
    const how = report.manifest.engine === 'postgres' ? 'pg_dump' : report.live ? 'copiado pelo servidor em execução' : 'servidor parado';
    console.log(`Backup gravado em ${file} (${report.manifest.engine}, ${how}).`);
  } else {
    const manifest = await restoreBackup(env, file);
    console.log(`Backup de ${manifest.createdAt} (${manifest.engine}) restaurado em ${env.dataDirLabel}.`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof DataDirLockedError || error instanceof RestoreRefusedError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
