import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { NO_ALLOWED_HOSTS } from '../../config/webhook-allowed-hosts';
import { AddressPolicy, isInternalAddress } from './address-policy';
import { REFUSED_ADDRESS, safePost } from './safe-post';

describe('isInternalAddress', () => {
  it('knows loopback, private, link-local and the like, in both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a00:1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isInternalAddress(address), address).toBe(false);
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  const env = (value: string) => parseEnv({ WEBHOOK_ALLOWED_HOSTS: value, DATA_DIR: '/tmp/x' }).webhookAllowedHosts;

  it('allows the names, addresses and ranges it lists, and nothing else internal', () => {
    const policy = new AddressPolicy(env('hooks.interno, 10.1.0.0/16, 127.0.0.1'));
    expect(policy.allowsAddress('hooks.interno', '10.9.9.9')).toBe(true);
    expect(policy.allowsAddress('outro', '10.1.2.3')).toBe(true);
    expect(policy.allowsAddress('outro', '10.2.0.1')).toBe(false);
    expect(policy.allowsAddress('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('outro', '192.168.0.1')).toBe(false);
    expect(policy.allowsAddress('publico', '8.8.8.8')).toBe(true);
    expect(new AddressPolicy(NO_ALLOWED_HOSTS).allowsAddress('10.0.0.1', '10.0.0.1')).toBe(false);
  });

  it('stops the server at start on a bad entry', () => {
    expect(() => env('http://x/')).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    expect(() => env('10.0.0.0/99')).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });
});

describe('safePost', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('checks the address it connects to: a name that resolves to loopback is refused at connect time', async () => {
    const closed = new AddressPolicy(NO_ALLOWED_HOSTS);
    await expect(safePost(new URL(`http://localhost:${port}/`), '{}', {}, closed, 2000)).rejects.toThrow(REFUSED_ADDRESS);
    await expect(safePost(new URL(`http://127.0.0.1:${port}/`), '{}', {}, closed, 2000)).rejects.toThrow(REFUSED_ADDRESS);
    const open = new AddressPolicy({ names: ['localhost'], ranges: [] });
    await expect(safePost(new URL(`http://localhost:${port}/`), '{}', {}, open, 2000)).resolves.toEqual({ status: 200 });
  });
});
