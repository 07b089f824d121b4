import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { IMAGE_CONTENT_TYPES, type ImageContentType } from '@chat/contracts';
import { hasSignature } from '../media/file-signature';
import type { AddressPolicy } from './address-policy';
import { checkedLookup, DeliveryError, REFUSED_ADDRESS } from './safe-post';

// A payload's icon_url is fetched by the server, never by the members' browsers: the page's CSP
// keeps images to our own origin, and the address is one a script outside the company typed. So
// the fetch goes through the outgoing webhooks' address policy (checked on the address connected
// to), follows no redirect, reads a bounded body within a deadline and keeps it only when its
// first bytes are one of the image types the media store serves (never SVG, which runs scripts).

export interface IconLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface FetchedIcon {
  contentType: ImageContentType;
  bytes: Buffer;
}

/** The image type whose signature `head` starts with, or null. */
export function imageTypeOf(head: Buffer): ImageContentType | null {
  return IMAGE_CONTENT_TYPES.find((type) => head.length > 0 && hasSignature(head, type)) ?? null;
}

/** GETs `url` and resolves with the image, or rejects with a DeliveryError saying why not. */
export function fetchIcon(url: URL, policy: AddressPolicy, limits: IconLimits): Promise<FetchedIcon> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new DeliveryError('endereço não é http(s)'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal is connected to without a lookup: it is checked here instead.
  if (isIP(host) !== 0 && !policy.allowsAddress(host, host)) return Promise.reject(new DeliveryError(REFUSED_ADDRESS));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'GET', headers: { accept: 'image/*' }, lookup: checkedLookup(policy), timeout: limits.timeoutMs, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return request.destroy(new DeliveryError(`resposta ${response.statusCode ?? 0}`));
        }
        if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes)
          return request.destroy(new DeliveryError('imagem grande demais'));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) return request.destroy(new DeliveryError('imagem grande demais'));
          chunks.push(chunk);
        });
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const contentType = imageTypeOf(bytes);
          if (contentType) resolve({ contentType, bytes });
          else reject(new DeliveryError('não é uma imagem PNG, JPEG, GIF ou WebP'));
        });
        response.on('error', (error) => reject(error instanceof DeliveryError ? error : new DeliveryError(error.message)));
      },
    );
    // The socket's idle timeout alone would let a server that drips bytes hold the message.
    const deadline = setTimeout(() => request.destroy(new DeliveryError('tempo esgotado')), limits.timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new DeliveryError('tempo esgotado')));
    request.on('error', (error) => reject(error instanceof DeliveryError ? error : new DeliveryError(error.message)));
    request.end();
  });
}
