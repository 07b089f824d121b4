import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../../config/env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; otherwise a pair generated once and kept in
 * DATA_DIR/vapid-keys.json. A browser's subscription is bound to the public key it was made with,
 * so the pair must outlive restarts; processes sharing DATA_DIR agree on the file the first wrote.
 */
export function resolveVapidKeys(env: Pick<Env, 'dataDir' | 'vapid'>): VapidKeys {
  const { publicKey, privateKey, subject } = env.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = path.join(env.dataDir, 'vapid-keys.json');
  mkdirSync(env.dataDir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} está corrompido; apague-o para gerar outro par (os dispositivos terão de ativar as notificações de novo)`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
