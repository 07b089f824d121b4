import * as msgpack from 'notepack.io';

/** The `parser` option of @socket.io/redis-adapter: how its Redis messages are written and read. */
export interface AdapterParser {
  encode(value: unknown): Buffer;
  decode(message: Buffer): unknown;
}

/**
 * The adapter's own msgpack (notepack.io), except that this process's broadcasts are not decoded
 * when Redis hands them back. Every process subscribes to the channels it publishes on, so each
 * broadcast (every `message` event, issue 14) returns to its sender, which decoded all of it
 * (the packet with the whole message) only to compare the sender's uid, its first field, with its
 * own and drop it: ~1% of the server's CPU with 2 members on one process, and half of all decoding
 * with two processes.
 *
 * A broadcast is written as the array [uid, packet, options]; its first bytes are the array's
 * header and the uid. encode() notes those bytes of each adapter of this process (one per
 * namespace); decode() answers a message that starts with them with [uid] alone, which the
 * adapter drops as its own (and, as another namespace's adapter checks the packet's namespace, as
 * not its own). Requests and responses between processes are maps and always decoded.
 */
export function ownEchoSkippingParser(): AdapterParser {
  /** The encoded head of this process's broadcasts, by adapter uid. */
  const heads = new Map<string, Buffer>();

  const noteHead = (value: unknown, encoded: Buffer) => {
    if (!Array.isArray(value) || typeof value[0] !== 'string' || heads.has(value[0])) return;
    const uid = msgpack.encode(value[0]) as Buffer;
    // A short array's header is one byte, the uid follows as msgpack writes it alone; when the
    // bytes are not laid out so, nothing is noted and every message is decoded, as before.
    const head = Buffer.from(encoded.subarray(0, 1 + uid.length));
    if (head.subarray(1).equals(uid)) heads.set(value[0], head);
  };

  return {
    encode(value) {
      const encoded = msgpack.encode(value) as Buffer;
      noteHead(value, encoded);
      return encoded;
    },
    decode(message) {
      for (const [uid, head] of heads) {
        if (message.length > head.length && message.compare(head, 0, head.length, 0, head.length) === 0) return [uid];
      }
      return msgpack.decode(message);
    },
  };
}
