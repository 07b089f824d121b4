import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dist(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'papo-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const text = (n) => 'const mensagem = "Oi, equipe!";\n'.repeat(Math.ceil(n / 32)).slice(0, n);

describe('precompressDir', () => {
  it('writes br and gzip copies that decode to the original, for every text asset kind', async () => {
    const kinds = [
      'static/js/index.3f2a1b9c.js',
      'static/css/a.1234abcd.css',
      'index.html',
      'mf-manifest.json',
      'favicon.svg',
      'app.webmanifest',
    ];
    const dir = dist(Object.fromEntries(kinds.map((name) => [name, text(4096)])));
    const totals = await precompressDir(dir);
    expect(totals.files).toBe(kinds.length);
    for (const name of kinds) {
      const original = readFileSync(path.join(dir, name));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`))).equals(original), name).toBe(true);
    }
    expect(totals.br).toBeLessThan(totals.bytes / 10);
  });

  it('skips tiny files, files that do not shrink, source maps and binaries', async () => {
    const dir = dist({
      'tiny.js': text(MIN_BYTES - 1),
      'random.js': randomBytes(8192),
      'static/js/index.js.map': text(8192),
      'logo.png': text(8192),
    });
    await precompressDir(dir);
    for (const name of ['tiny.js', 'random.js', 'static/js/index.js.map', 'logo.png']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it('never compresses its own output when run again', async () => {
    const dir = dist({ 'index.js': text(4096) });
    await precompressDir(dir);
    await precompressDir(dir);
    expect(existsSync(path.join(dir, 'index.js.br.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'index.js.gz.gz'))).toBe(false);
  });
});
