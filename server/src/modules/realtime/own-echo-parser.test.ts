import * as msgpack from 'notepack.io';
import { describe, expect, it } from 'vitest';
import { ownEchoSkippingParser } from './own-echo-parser';

// The Redis adapter's messages as @socket.io/redis-adapter 8 writes them (RedisAdapter.broadcast):
// [uid, packet, options]; requests between processes are maps.
const broadcast = (uid: string, body: string) => [
  uid,
  { type: 2, data: ['message', { id: 'm1', content: { body, type: 'text' } }], nsp: '/events' },
  { rooms: ['user:a', 'user:b'], except: [], flags: {} },
];

describe('ownEchoSkippingParser', () => {
  it('writes exactly what the adapter writes (msgpack), so processes with and without it understand each other', () => {
    const parser = ownEchoSkippingParser();
    const value = broadcast('abc123', 'olá');
    expect(parser.encode(value).equals(msgpack.encode(value) as Buffer)).toBe(true);
  });

  it("answers this process's own broadcast with its uid alone, which the adapter drops as its own", () => {
    const parser = ownEchoSkippingParser();
    const sent = parser.encode(broadcast('abc123', 'olá'));
    expect(parser.decode(sent)).toEqual(['abc123']);
  });

  it("decodes another process's broadcast and the requests between processes whole", () => {
    const parser = ownEchoSkippingParser();
    parser.encode(broadcast('abc123', 'olá'));
    const theirs = broadcast('xyz789', 'oi');
    expect(parser.decode(msgpack.encode(theirs) as Buffer)).toEqual(theirs);
    // A uid that starts like ours is still another one.
    const similar = broadcast('abc1234', 'oi');
    expect(parser.decode(msgpack.encode(similar) as Buffer)).toEqual(similar);
    const request = { type: 0, uid: 'abc123', requestId: 'r1', opts: { rooms: [], except: [] } };
    expect(parser.decode(parser.encode(request))).toEqual(request);
  });

  it('knows the uid of every adapter of the process (one per namespace)', () => {
    const parser = ownEchoSkippingParser();
    const sent = ['root01', 'evts02'].map((uid) => parser.encode(broadcast(uid, 'x')));
    expect(sent.map((m) => parser.decode(m))).toEqual([['root01'], ['evts02']]);
  });
});
