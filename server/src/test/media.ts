import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { publicUrlFromUploadUrl } from '@chat/contracts';
import { TINY_IMAGES } from './images';

// Media test helpers: what is on disk, signed URLs from the real route, raw HTTP for what
// app.inject cannot do (it normalises "..", and it buffers bodies).

/** Every file under DATA_DIR/media, temporary dot-files included, as "<folder>/<file>". */
export function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  const walk = (dir: string): string[] => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]));
  };
  return walk(root).sort();
}

/** POST /api/cloud/generate-public-media-url as `accessToken`; returns the signed URL. */
export async function uploadUrlFor(app: FastifyInstance, accessToken: string, contentType: string, fileName = 'foto.png'): Promise<URL> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cloud/generate-public-media-url',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { fileName, contentType, folder: 'avatars' },
  });
  if (res.statusCode !== 200) throw new Error(`URL de upload não gerada: ${res.statusCode} ${res.body}`);
  return new URL(res.json().url);
}

/** The request target of a URL as the browser sends it: path and query. */
export const target = (url: URL) => `${url.pathname}${url.search}`;

/** A small PNG uploaded through the browser's signed-URL flow as `accessToken`; its public URL. */
export async function uploadedPng(app: FastifyInstance, accessToken: string, fileName = 'foto.png'): Promise<string> {
  const upload = await uploadUrlFor(app, accessToken, 'image/png', fileName);
  const put = await app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  if (put.statusCode >= 300) throw new Error(`upload falhou: ${put.statusCode} ${put.body}`);
  return publicUrlFromUploadUrl(upload.toString());
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the target sent byte for byte (no normalisation), over a real connection. */
export function rawRequest(
  port: number,
  method: string,
  requestTarget: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: requestTarget, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
