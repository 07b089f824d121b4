import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../../config/s3-env';
import { fileTooLarge, uploadUrlUsed } from '../media-errors';
import { type MediaKey, parseMediaKey } from '../media-key';
import { UPLOAD_URL_TTL_SECONDS } from '../media-signer';
import type { DirectUpload, DirectUploadStore, DirectUploadTerms, PutLimits, StoredMedia, StoredObjectInfo } from '../media-store';
import { objectHeaders } from './object-headers';

/**
 * The headers a presigned PUT binds besides the host. The presigner leaves content-type (and
 * cache-control) out by default: listed here, a PUT of another type, length or disposition no
 * longer matches its signature. If-None-Match: * makes the write conditional, so a second PUT on
 * the same URL is refused (412) by stores that support conditional writes.
 */
const SIGNED_HEADERS = new Set(['content-type', 'content-length', 'content-disposition', 'cache-control', 'if-none-match']);

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: a presigned PUT must not carry the checksum of an
    // empty body, and S3-compatible stores differ in the checksums they know.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A probe key's URL, so the bucket's object URLs are exactly the ones the SDK signs. */
const PROBE_KEY = 'avatars/probe';

/**
 * Uploads in an S3-compatible bucket under the same keys as the local disk. Browsers PUT to
 * presigned URLs and read public object URLs; the server only signs, checks and deletes (and
 * writes, for the legacy /media PUT and the copy command).
 */
export class S3MediaStore implements DirectUploadStore {
  readonly publicBaseUrl: string;
  readonly origins: string[];

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    bucketBaseUrl: string,
    publicUrl: string | null,
  ) {
    this.publicBaseUrl = publicUrl ?? bucketBaseUrl;
    this.origins = [...new Set([new URL(bucketBaseUrl).origin, new URL(this.publicBaseUrl).origin])];
  }

  static async create(settings: S3Settings, client: S3Client = createS3Client(settings)): Promise<S3MediaStore> {
    const probe = await getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: PROBE_KEY }), { expiresIn: 60 });
    const objectUrl = probe.slice(0, probe.indexOf('?'));
    return new S3MediaStore(client, settings.bucket, objectUrl.slice(0, -PROBE_KEY.length - 1), settings.publicUrl);
  }

  async presignUpload(media: MediaKey, terms: DirectUploadTerms): Promise<DirectUpload> {
    const headers = objectHeaders(media);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: media.key,
      ContentType: headers.contentType,
      ...(headers.contentDisposition ? { ContentDisposition: headers.contentDisposition } : {}),
      CacheControl: headers.cacheControl,
      ...(terms.size !== null ? { ContentLength: terms.size } : {}),
      IfNoneMatch: '*',
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: UPLOAD_URL_TTL_SECONDS, signableHeaders: SIGNED_HEADERS });
    return {
      url,
      // Content-Length is the browser's to send (it cannot set it): the file's own length.
      headers: {
        'content-type': headers.contentType,
        ...(headers.contentDisposition ? { 'content-disposition': headers.contentDisposition } : {}),
        'cache-control': headers.cacheControl,
        'if-none-match': '*',
      },
    };
  }

  async put(source: Readable, key: string, limits: PutLimits): Promise<{ size: number }> {
    const media = parseMediaKey(key);
    if (!media) throw new Error(`chave de mídia inválida: ${key}`);
    // Read whole (within the limit) first: a PUT needs its length, and a refused body leaves nothing.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > limits.maxBytes) {
        source.destroy();
        throw fileTooLarge();
      }
      chunks.push(buffer);
    }
    // Stores without conditional writes ignore If-None-Match: the HEAD keeps the rule there too.
    if (await this.exists(key)) throw uploadUrlUsed();
    const headers = objectHeaders(media);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: Buffer.concat(chunks, size),
          ContentLength: size,
          ContentType: headers.contentType,
          ...(headers.contentDisposition ? { ContentDisposition: headers.contentDisposition } : {}),
          CacheControl: headers.cacheControl,
          IfNoneMatch: '*',
        }),
      );
    } catch (error) {
      if (statusOf(error) === 412) throw uploadUrlUsed();
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<StoredMedia | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('o SDK do S3 não devolveu um stream do Node');
      return { stream: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.inspect(key)) !== null;
  }

  async inspect(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null, contentDisposition: head.ContentDisposition ?? null };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const bytes = object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      // A store that ignores Range sends the whole object: only the start is looked at.
      return bytes.subarray(0, length);
    } catch (error) {
      // An empty object has no byte 0: S3 answers 416.
      if (statusOf(error) === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}
