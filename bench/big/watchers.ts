import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '../load/bundle-child';
import { next } from '../load/children';
import type { FromWatcher, ToWatcher } from './protocol';

// The big-team harness's client processes (watcher.ts, bundled once), at the niceness the load
// harness gives its own: they stand in for the members' machines.

const here = path.dirname(fileURLToPath(import.meta.url));
let bundle: Promise<string> | null = null;

export class Watcher {
  private constructor(private readonly child: ChildProcess) {}

  static async start(nice: number): Promise<Watcher> {
    const child = fork(await (bundle ??= bundleEntry(path.join(here, 'watcher.ts'), 'client')), [], { execArgv: [] });
    if (nice > 0) setPriority(child.pid!, nice);
    return new Watcher(child);
  }

  async ask<K extends FromWatcher['type']>(message: ToWatcher, answer: K): Promise<Extract<FromWatcher, { type: K }>> {
    const answered = next<FromWatcher, K>(this.child, answer);
    this.child.send(message);
    return answered;
  }

  async finish(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.send({ type: 'finish' } satisfies ToWatcher);
    await exited;
  }
}
