import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap } from '../../lib/bounded-map';
import { IMAGE_CONTENT_TYPES } from '@chat/contracts';
import { EXTENSION_BY_TYPE } from '../media/media-key';
import { isDirectUploadStore, type MediaStore } from '../media/media-store';
import { mediaOrigin } from '../media/own-media-url';
import type { AddressPolicy } from './address-policy';
import { fetchIcon, type IconLimits } from './fetch-icon';

/** A payload's icon: small, like an avatar, and fetched while the message waits. */
export const ICON_LIMITS: IconLimits = { maxBytes: 512 * 1024, timeoutMs: 5000 };
/** How long an address that failed is not tried again: a broken icon must not slow every message. */
const FAILURE_TTL_MS = 10 * 60 * 1000;
const CACHE_MAX = 1000;

/**
 * The payloads' icon_url overrides, copied into the media store once per webhook and address and
 * shown from there (fetch-icon.ts says why and how). Any failure gives null: the message then
 * shows the webhook's own image and is never refused for its icon.
 */
export class WebhookIcons {
  private readonly known = new BoundedMap<string, { url: string | null; until: number }>(CACHE_MAX);

  constructor(
    private readonly store: MediaStore,
    private readonly appUrl: string,
    private readonly policy: AddressPolicy,
    private readonly log: FastifyBaseLogger,
    private readonly limits: IconLimits = ICON_LIMITS,
  ) {}

  async resolve(webhookId: string, iconUrl: string): Promise<string | null> {
    const id = createHash('sha256').update(`${webhookId}\n${iconUrl}`).digest('hex');
    const cached = this.known.get(id);
    if (cached && cached.until > Date.now()) return cached.url;
    const url = (await this.stored(id)) ?? (await this.copy(id, iconUrl));
    this.known.set(id, { url, until: url ? Number.POSITIVE_INFINITY : Date.now() + FAILURE_TTL_MS });
    return url;
  }

  /** Already copied by this or another process: the key is the same for the same webhook and address. */
  private async stored(id: string): Promise<string | null> {
    for (const type of IMAGE_CONTENT_TYPES) {
      const key = keyOf(id, EXTENSION_BY_TYPE[type]);
      if (await this.store.exists(key)) return this.publicUrl(key);
    }
    return null;
  }

  private async copy(id: string, iconUrl: string): Promise<string | null> {
    let target: URL;
    try {
      target = new URL(iconUrl);
    } catch {
      return null;
    }
    try {
      const icon = await fetchIcon(target, this.policy, this.limits);
      const key = keyOf(id, EXTENSION_BY_TYPE[icon.contentType]);
      try {
        await this.store.put(Readable.from([icon.bytes]), key, { maxBytes: this.limits.maxBytes });
      } catch (error) {
        // Two messages with the same icon at once: the other one stored it.
        if (!(await this.store.exists(key))) throw error;
      }
      return this.publicUrl(key);
    } catch (error) {
      this.log.warn(
        { webhookIcon: target.host, reason: error instanceof Error ? error.message : String(error) },
        'icone do webhook recusado',
      );
      return null;
    }
  }

  private publicUrl(key: string): string {
    return isDirectUploadStore(this.store) ? `${this.store.publicBaseUrl}/${key}` : `${mediaOrigin(this.appUrl)}/media/${key}`;
  }
}

/** "avatars/<uuid>-icone.<ext>", the uuid made of the hash so the same icon finds the same key. */
function keyOf(id: string, extension: string): string {
  const uuid = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
  return `avatars/${uuid}-icone.${extension}`;
}
