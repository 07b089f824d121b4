import { type ChildProcess, fork } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../measure';
import { next } from './children';
import type { LoadOptions } from './options';
import type { ServerPush } from './protocol';
import type { FromPushService, ToPushService } from './push-service-child';
import type { RunFigures } from './summary';

// --push: the send path with Web Push on against the same load with it off, in one run. A share of
// the members (--away, the second of evenly spread pairs) have no socket: they are away, and still
// send. Per repeat the product runs twice under identical clients: once with nobody subscribed,
// once with each away member's device subscribed to a push service on 127.0.0.1 (the tests' one,
// which checks VAPID and decrypts every push, in a process of its own): each message to an away
// member is then pushed. What is compared: throughput, the send's answer, delivery to the members
// online, CPU per message.

export interface Variant {
  /** By member index: which members have no socket (null: all have one). */
  away: boolean[] | null;
  push: ServerPush | null;
}

/**
 * `share` of `members` away (at most half): the second member of pairs spread evenly, so that each
 * away member's peer is online and sends to them.
 */
export function awayMembers(members: number, share: number): boolean[] {
  const perPair = Math.min(1, share * 2);
  return Array.from({ length: members }, (_, i) => {
    const pair = i >> 1;
    return i % 2 === 1 && Math.floor((pair + 1) * perPair + 1e-9) > Math.floor(pair * perPair + 1e-9);
  });
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

/** The push service's child process (push-service-child.ts). */
class PushServiceChild {
  private constructor(
    private readonly child: ChildProcess,
    readonly host: string,
    readonly certificate: string,
  ) {}

  static async start(vapidPublicKey: string, nice: number): Promise<PushServiceChild> {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'push-service-child.ts');
    const child = fork(file, [], { env: { ...process.env, BENCH_VAPID_PUBLIC_KEY: vapidPublicKey }, execArgv: process.execArgv });
    const ready = await next<FromPushService, 'ready'>(child, 'ready');
    if (nice > 0) os.setPriority(child.pid!, nice);
    return new PushServiceChild(child, ready.host, ready.certificate);
  }

  async subscribe(count: number) {
    return (await this.ask({ type: 'subscribe', count }, 'subscribed')).subscriptions;
  }

  async count() {
    return this.ask({ type: 'count' }, 'count');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.send({ type: 'stop' } satisfies ToPushService);
    await exited;
  }

  private async ask<K extends FromPushService['type']>(message: ToPushService, answer: K) {
    const answered = next<FromPushService, K>(this.child, answer);
    this.child.send(message);
    return answered;
  }
}

export async function runPushComparison(options: LoadOptions, runProduct: RunProduct): Promise<void> {
  const vapid = vapidKeys();
  // At the clients' niceness, as they stand for other machines too.
  const service = await PushServiceChild.start(vapid.publicKey, options.clientsNice);
  try {
    const away = awayMembers(options.members, options.awayShare);
    const awayIndexes = away.flatMap((isAway, i) => (isAway ? [i] : []));
    const made = await service.subscribe(awayIndexes.length);
    const subscriptions: ServerPush['subscriptions'] = Object.fromEntries(awayIndexes.map((index, k) => [index, made[k]!]));
    console.log(`  ${awayIndexes.length} de ${options.members} membros ausentes, cada um com um aparelho inscrito`);
    const push: ServerPush = { host: service.host, certificate: service.certificate, vapid, subscriptions };
    const runs: Array<{ off: RunFigures; on: RunFigures; pushes: number; connections: number }> = [];
    for (let r = 0; r < options.repeat; r++) {
      // Alternated, so that neither always runs on the warmer machine.
      const order = r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      const figures: Partial<Record<'off' | 'on', RunFigures>> = {};
      let pushes = 0;
      let connections = 0;
      for (const which of order) {
        const before = await service.count();
        figures[which] = await runProduct({ away, push: which === 'on' ? push : null });
        const after = await service.count();
        if (which === 'on') {
          pushes = after.received - before.received;
          connections = after.connections - before.connections;
        }
      }
      const { off, on } = figures as Record<'off' | 'on', RunFigures>;
      runs.push({ off, on, pushes, connections });
      console.log(
        `  repetição ${r + 1}: sem push ${off.throughput.toFixed(0)} msg/s, resposta p50 ${off.answerP50.toFixed(2)} ms, CPU ${off.cpuPerMessageMs.toFixed(2)} ms/msg; ` +
          `com push ${on.throughput.toFixed(0)} msg/s, resposta p50 ${on.answerP50.toFixed(2)} ms, CPU ${on.cpuPerMessageMs.toFixed(2)} ms/msg; ` +
          `${pushes} notificações recebidas pelo serviço em ${connections} conexões TLS (carga ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')})`,
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
    console.log(
      `  perdidas: ${lost}; notificações por repetição: ${runs.map((run) => run.pushes).join(', ')}; conexões TLS: ${runs.map((run) => run.connections).join(', ')}`,
    );
    const out =
      options.out ??
      path.join(
        import.meta.dirname,
        'results',
        `push-${options.engine}-${options.members}m-${Math.round(options.awayShare * 100)}away-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
    mkdirSync(path.dirname(out), { recursive: true });
    const { databaseUrl: _d, redisUrl: _r, ...shown } = options;
    writeFileSync(
      out,
      JSON.stringify({ options: shown, machine: { cpus: os.cpus().length, loadAtEnd: os.loadavg() }, runs, ratios }, null, 2),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), out)}`);
  } finally {
    await service.stop();
  }
}
