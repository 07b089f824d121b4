import { createECDH } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The tests' push service, exported apart from bench-api so that the server child never loads it.
import { startPushService } from '@chat/server/bench-push-service';
import { percentile } from '../measure';
import type { LoadOptions } from './options';
import type { ServerPush } from './protocol';
import type { RunFigures } from './summary';

// --push: the send path with Web Push on against the same load with it off, in one run. Half the
// members (the second of each pair) have no socket: they are away, and still send. Per repeat the
// product runs twice under identical clients: once with nobody subscribed, once with each away
// member's device subscribed to a push service this process runs on 127.0.0.1 (the tests' one,
// which checks VAPID and decrypts every push): each message to an away member is then pushed.
// What is compared: throughput, the send's answer, delivery to the members online, CPU per message.

export interface Variant {
  /** Which members have no socket. */
  away: boolean;
  push: ServerPush | null;
}

export type RunProduct = (variant: Variant) => Promise<RunFigures>;

/** A VAPID key pair in the form VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY take (base64url, 87 and 43 characters). */
function vapidKeys(): { publicKey: string; privateKey: string } {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const privateKey = ecdh.getPrivateKey();
    if (privateKey.length === 32)
      return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
  }
}

const FIGURES = [
  ['vazão (msg/s)', (f: RunFigures) => f.throughput],
  ['resposta do envio p50 (ms)', (f: RunFigures) => f.answerP50],
  ['resposta do envio p99 (ms)', (f: RunFigures) => f.answerP99],
  ['entrega a quem está online p50 (ms)', (f: RunFigures) => f.deliverP50],
  ['entrega a quem está online p99 (ms)', (f: RunFigures) => f.deliverP99],
  ['CPU do servidor por mensagem (ms)', (f: RunFigures) => f.cpuPerMessageMs],
] as const;

export async function runPushComparison(options: LoadOptions, runProduct: RunProduct): Promise<void> {
  const vapid = vapidKeys();
  const service = await startPushService({ vapidPublicKey: () => vapid.publicKey });
  try {
    const subscriptions: ServerPush['subscriptions'] = {};
    for (let i = 1; i < options.members; i += 2) {
      const { endpoint, keys } = service.subscribe();
      subscriptions[i] = { endpoint, keys };
    }
    const push: ServerPush = { host: service.host, certificate: service.certificate, vapid, subscriptions };
    const runs: Array<{ off: RunFigures; on: RunFigures; pushes: number }> = [];
    for (let r = 0; r < options.repeat; r++) {
      // Alternated, so that neither always runs on the warmer machine.
      const order = r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      const figures: Partial<Record<'off' | 'on', RunFigures>> = {};
      let pushes = 0;
      for (const which of order) {
        const before = service.received.length;
        figures[which] = await runProduct({ away: true, push: which === 'on' ? push : null });
        if (which === 'on') pushes = service.received.length - before;
      }
      const { off, on } = figures as Record<'off' | 'on', RunFigures>;
      runs.push({ off, on, pushes });
      console.log(
        `  repetição ${r + 1}: sem push ${off.throughput.toFixed(0)} msg/s, resposta p50 ${off.answerP50.toFixed(2)} ms; ` +
          `com push ${on.throughput.toFixed(0)} msg/s, resposta p50 ${on.answerP50.toFixed(2)} ms; ${pushes} notificações recebidas pelo serviço`,
      );
    }
    console.log('\nCom push / sem push, mediana [mín-máx] das repetições:');
    const ratios: Record<string, { median: number; min: number; max: number }> = {};
    for (const [label, pick] of FIGURES) {
      const values = runs.map((run) => pick(run.on) / pick(run.off));
      ratios[label] = { median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) };
      const r = ratios[label];
      console.log(`  ${label}: ${r.median.toFixed(3)} [${r.min.toFixed(3)}-${r.max.toFixed(3)}]`);
    }
    const lost = runs.reduce((n, run) => n + run.on.lost + run.off.lost, 0);
    console.log(`  perdidas: ${lost}; notificações por repetição: ${runs.map((run) => run.pushes).join(', ')}`);
    const out =
      options.out ??
      path.join(
        import.meta.dirname,
        'results',
        `push-${options.engine}-${options.members}m-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
    mkdirSync(path.dirname(out), { recursive: true });
    const { databaseUrl: _d, redisUrl: _r, ...shown } = options;
    writeFileSync(
      out,
      JSON.stringify({ options: shown, machine: { cpus: os.cpus().length, loadAtEnd: os.loadavg() }, runs, ratios }, null, 2),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), out)}`);
  } finally {
    await service.close();
  }
}
