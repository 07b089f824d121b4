import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from '../drill/cleanup';
import { bundleEntry } from '../load/bundle-child';
import type { BenchMember } from '../load/protocol';
import type { FromImageClient, ImageCrossing, ImageReadBack, ToImageClient } from './image-protocol';

// The image client (image-client.ts) as the drill drives it: a child process in the clients'
// namespace, bundled as the load harness's clients are, told one step at a time.

const here = path.dirname(fileURLToPath(import.meta.url));

export class ImageClient {
  private constructor(
    private readonly child: ChildProcess,
    private readonly url: string,
  ) {}

  static async start(netns: string, balancerUrl: string): Promise<ImageClient> {
    const file = await bundleEntry(path.join(here, 'image-client.ts'), 'client');
    const child = fork(file, [], { execPath: 'ip', execArgv: ['netns', 'exec', netns, process.execPath] });
    onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    return new ImageClient(child, balancerUrl);
  }

  /** Sends `message`; resolves with the first answer of type `answer`, rejects on the child's error or exit. */
  private ask<K extends FromImageClient['type']>(message: ToImageClient, answer: K): Promise<Extract<FromImageClient, { type: K }>> {
    const child = this.child;
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromImageClient) => {
        if (m.type !== answer && m.type !== 'error') return;
        done();
        if (m.type === 'error') reject(new Error(`cliente de imagem: ${m.message}`));
        else resolve(m as Extract<FromImageClient, { type: K }>);
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`o cliente de imagem saiu (${code}) esperando '${answer}'`));
      };
      const done = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(message);
    });
  }

  /** `member`'s socket connects through the balancer, and listens. */
  async listen(member: BenchMember): Promise<void> {
    await this.ask({ type: 'listen', url: this.url, member }, 'listening');
  }

  /** `sender` uploads and sends an image; the listener receives it and downloads it. */
  async send(sender: BenchMember): Promise<ImageCrossing> {
    return (await this.ask({ type: 'send', url: this.url, sender }, 'crossed')).crossing;
  }

  /** `reader` finds the image message in the history and downloads the image again. */
  async read(reader: BenchMember, messageId: string): Promise<ImageReadBack> {
    return (await this.ask({ type: 'read', url: this.url, reader, messageId }, 'read')).readBack;
  }

  close(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.send({ type: 'close' } satisfies ToImageClient);
  }
}
