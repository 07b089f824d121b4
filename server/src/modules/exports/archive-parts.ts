import { StreamingZip } from '../../lib/streaming-zip';

// Pieces both exports' archives are made of.

/** Types stored compressed already: deflating them again only costs time. */
const COMPRESSED = /^(image|audio|video)\/|zip|gzip|pdf/;

/** Whether a stored file of this type is worth deflating in the zip. */
export const worthCompressing = (contentType: string | null) => !COMPRESSED.test(contentType ?? '');

/** A JSON array written an element at a time. */
export async function* jsonArray<T>(items: AsyncIterable<T>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** A JSON document small enough to hold (a profile, a member list of one page). */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes a zip to `target` with what `fill` adds to it; the zip is given up (its partial file
 * removed) when `fill` or the writing fails, or when `signal` aborts.
 */
export async function writeZip(
  target: string,
  signal: AbortSignal,
  fill: (zip: StreamingZip) => Promise<void>,
): Promise<{ sizeBytes: number }> {
  const zip = await StreamingZip.create(target);
  const abandon = () => void zip.abort(new Error('exportação interrompida'));
  signal.addEventListener('abort', abandon, { once: true });
  try {
    signal.throwIfAborted();
    await fill(zip);
    return await zip.finish();
  } catch (error) {
    await zip.abort();
    throw error;
  } finally {
    signal.removeEventListener('abort', abandon);
  }
}
