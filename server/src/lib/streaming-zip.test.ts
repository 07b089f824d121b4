import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readZip } from '../test/zip-reader';
import { StreamingZip } from './streaming-zip';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('StreamingZip', () => {
  it('writes texts, streamed texts and lazily opened streams, and leaves only the finished file', async () => {
    const target = path.join(dir, 'sub', 'a.zip');
    const zip = await StreamingZip.create(target);
    let opened = 0;
    zip.addText('leia.txt', 'olá');
    zip.addTextStream('lista.json', async function* () {
      yield '[';
      for (let i = 0; i < 1000; i++) yield `${i ? ',' : ''}${i}`;
      yield ']';
    });
    zip.addStream(
      'bin/x.bin',
      () => {
        opened++;
        return Readable.from([Buffer.alloc(70_000, 7)]);
      },
      { compress: false },
    );
    const { sizeBytes } = await zip.finish();
    expect(opened).toBe(1);
    expect(sizeBytes).toBeGreaterThan(70_000);
    expect(await readdir(path.join(dir, 'sub'))).toEqual(['a.zip']);
    const entries = await readZip(target);
    expect(entries.get('leia.txt')!.toString()).toBe('olá');
    expect(JSON.parse(entries.get('lista.json')!.toString())).toHaveLength(1000);
    expect(entries.get('bin/x.bin')!.length).toBe(70_000);
  });

  it('fails, leaving nothing behind, when a source breaks', async () => {
    const target = path.join(dir, 'b.zip');
    const zip = await StreamingZip.create(target);
    zip.addStream('quebrado.bin', () => {
      const stream = new Readable({ read() {} });
      setImmediate(() => stream.destroy(new Error('disco sumiu')));
      return stream;
    });
    await expect(zip.finish()).rejects.toThrow('disco sumiu');
    expect(await readdir(dir)).toEqual([]);
  });
});
