import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleChild } from './bundle-child';
import type {
  BenchMember,
  FromServer,
  FromWorker,
  ProfileTop,
  ServerConfig,
  ServerStats,
  ToServer,
  ToWorker,
  WorkerResult,
  WorkerTask,
} from './protocol';

// Child processes of the harness: server children (the product or the bare pipeline) and client
// workers. The product and the client workers run bundled (bundle-child.ts), the product as in
// production; the bare pipeline inherits tsx's loader from process.execArgv.

const here = path.dirname(fileURLToPath(import.meta.url));
/** Bundled once per run, with the first child of each. */
let productBundle: Promise<string> | null = null;
let workerBundle: Promise<string> | null = null;

export function next<T extends { type: string }, K extends T['type']>(child: ChildProcess, type: K): Promise<Extract<T, { type: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<T, { type: K }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`processo filho saiu (${code}) esperando '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export class ServerChild {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly members: BenchMember[],
    /** What the child sent with `ready` beyond its members (another harness's seeded data). */
    readonly seeded: unknown,
  ) {}

  static async start(config: ServerConfig): Promise<ServerChild> {
    const product = config.kind === 'product';
    const file = product ? await (productBundle ??= bundleChild('product-server')) : path.join(here, 'bare-server.ts');
    return ServerChild.fork(file, config, product ? [] : process.execArgv);
  }

  /** A server child of another harness, bundled (bundleEntry) and told `config` as BENCH_SERVER. */
  static async startBundled(file: string, config: object): Promise<ServerChild> {
    return ServerChild.fork(file, config, []);
  }

  private static async fork(file: string, config: object, execArgv: string[]): Promise<ServerChild> {
    const child = fork(file, [], {
      env: { ...process.env, BENCH_SERVER: JSON.stringify(config) },
      // The product logs as in production; the lines themselves would only bury the tables.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [...execArgv, '--expose-gc'],
    });
    const ready = await next<FromServer, 'ready'>(child, 'ready');
    return new ServerChild(child, ready.port, ready.members, ready.seeded);
  }

  /** Another harness's own question to its child: sends `message`, resolves with the first answer of type `answer`. */
  async ask<T>(message: { type: string }, answer: string): Promise<T> {
    const answered = next<{ type: string }, string>(this.child, answer);
    this.child.send(message);
    return (await answered) as T;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stats(gc: boolean): Promise<ServerStats> {
    const answer = next<FromServer, 'stats'>(this.child, 'stats');
    this.send({ type: 'stats', gc });
    return (await answer).stats;
  }

  /** Starts a CPU profile of the server (node:inspector), for the measured phase only (--profile). */
  async startProfile(): Promise<void> {
    const started = next<FromServer, 'profileStarted'>(this.child, 'profileStarted');
    this.send({ type: 'profileStart' });
    await started;
  }

  async stopProfile(dir: string, top: number): Promise<ProfileTop> {
    const answer = next<FromServer, 'profile'>(this.child, 'profile');
    this.send({ type: 'profileStop', dir, top });
    return (await answer).profile;
  }

  resetLoop(): void {
    this.send({ type: 'resetLoop' });
  }

  /** Graceful stop with SIGTERM (app.close(), as main.ts on a deploy); resolves when the process has exited. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }

  /** stop() with a CPU profile of the shutdown (app.close()), written under `dir`. */
  async stopProfiled(dir: string, top: number): Promise<ProfileTop> {
    await this.startProfile();
    const exited = once(this.child, 'exit');
    const answer = next<FromServer, 'profile'>(this.child, 'profile');
    this.send({ type: 'stop', profileDir: dir, top });
    const profile = (await answer).profile;
    await exited;
    return profile;
  }

  private send(message: ToServer) {
    this.child.send(message);
  }
}

export class WorkerChild {
  private constructor(private readonly child: ChildProcess) {}

  /**
   * `nice`: the client process's niceness (options.ts, clientsNice). `netns`: a network namespace
   * to run it in (`ip netns exec`, which execs node in place: the IPC channel and the pid carry over).
   */
  static async start(nice: number, netns?: string): Promise<WorkerChild> {
    const file = await (workerBundle ??= bundleChild('client-worker'));
    const child = netns
      ? fork(file, [], { execPath: 'ip', execArgv: ['netns', 'exec', netns, process.execPath] })
      : fork(file, [], { execArgv: [] });
    if (nice > 0) setPriority(child.pid!, nice);
    return new WorkerChild(child);
  }

  async connect(task: WorkerTask): Promise<void> {
    const connected = next<FromWorker, 'connected'>(this.child, 'connected');
    this.send({ type: 'task', task });
    await connected;
  }

  /** The warm-up sends, after the connection wave has been measured. */
  async warm(): Promise<void> {
    const warmed = next<FromWorker, 'warm'>(this.child, 'warm');
    this.send({ type: 'warm' });
    await warmed;
  }

  async run(): Promise<WorkerResult> {
    const result = next<FromWorker, 'result'>(this.child, 'result');
    this.send({ type: 'go' });
    return (await result).result;
  }

  /** Ends the client process at once (a run that failed half-way). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  async finish(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.send({ type: 'finish' });
    await exited;
  }

  private send(message: ToWorker) {
    this.child.send(message);
  }
}
