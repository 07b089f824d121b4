import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../config/env';
import { DataDirLockedError } from '../db/pglite/data-dir-lock';
import { createBackup } from './backup';
import { copyMediaToBucket } from './media-to-bucket';
import { S3MediaStore } from '../modules/media/s3/s3-media-store';
import { restoreBackup, RestoreRefusedError } from './restore';

// `npm run backup -- <file>`, `npm run restore -- <file>` and `npm run media:to-s3 [-- <folder>]`
// (through scripts/ops.mjs, which runs this in server/ and passes --cwd, the directory the
// operator typed the command in).

const USAGE = 'uso: npm run backup -- <arquivo>  |  npm run restore -- <arquivo>  |  npm run media:to-s3 [-- <pasta>]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { cwd: { type: 'string' } }, allowPositionals: true });
  const [command, target] = positionals;
  const cwd = values.cwd ?? process.cwd();
  if (command === 'media-to-s3') return mediaToBucket(cwd, target);
  if ((command !== 'backup' && command !== 'restore') || !target) throw new RestoreRefusedError(USAGE);
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

/** Copies `folder` (DATA_DIR/media by default) into the bucket S3_* names. */
async function mediaToBucket(cwd: string, folder: string | undefined): Promise<void> {
  const env = loadEnv(cwd);
  if (!env.s3) throw new RestoreRefusedError('defina S3_BUCKET (e as outras S3_*) com o bucket de destino');
  const source = folder ? path.resolve(cwd, folder) : path.join(env.dataDir, 'media');
  const store = await S3MediaStore.create(env.s3);
  try {
    const report = await copyMediaToBucket(source, store, (key) => console.log(`copiado: ${key}`));
    console.log(`${report.copied} arquivo(s) copiado(s) de ${source} para o bucket ${env.s3.bucket}; ${report.present} já estava(m) lá.`);
    for (const name of report.ignored) console.log(`ignorado (não é um arquivo de mídia): ${name}`);
  } finally {
    store.close();
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
