import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { onCleanup } from '../drill/cleanup';

// The cluster drill's machines: one network namespace per host, wired with veth pairs to two
// bridges that live in a namespace of their own (the switch). The back network joins the balancer,
// the two application hosts, PostgreSQL and Redis; the front network joins the balancer and the
// clients, who reach nothing else but the store. The S3-compatible store stands for a bucket on
// the internet: one address (STORE_ADDRESS, on its loopback) that the application hosts and the
// clients both reach, through a leg on each network; it forwards nothing, so the clients still
// reach nothing behind the balancer through it. The drill itself (this process) gets one leg on
// the back network, as an operator's monitoring host: it reads each host's health and metrics
// and the database. Deleting the namespaces removes every link; nothing else of the machine is
// touched.

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args, { timeout: 10_000 });

export const BACK_NETWORK = '10.231.0.0/24';
const FRONT_PREFIX = '10.231.1';
const BACK_PREFIX = '10.231.0';
/** The store's public address: on no bridge, routed to from each side through the store's own leg there. */
const STORE_ADDRESS = '10.231.2.30';

export interface Host {
  /** As the drill names it: app1, app2, db, redis, lb, clients. */
  name: string;
  netns: string;
  /** Its address on the network it serves (the back one; the front one for the clients and the balancer's public side). */
  address: string;
}

export interface Topology {
  app: [Host, Host];
  db: Host;
  redis: Host;
  /** The balancer: `address` on the back network, `publicAddress` on the front one. */
  lb: Host & { publicAddress: string };
  clients: Host;
  /** The S3-compatible store: `address` is the one every host reaches it at. */
  store: Host;
  /** This process's address on the back network. */
  monitor: string;
}

/** Namespaces of one run share a short random prefix: interface names are limited to 15 characters. */
export async function buildTopology(): Promise<Topology> {
  const prefix = `pc${randomBytes(2).toString('hex')}`;
  const netns = (name: string) => `${prefix}-${name}`;
  const created: string[] = [];
  onCleanup(async () => {
    for (const ns of created.reverse()) await ip('netns', 'del', ns).catch(() => undefined);
  });
  const addNetns = async (name: string) => {
    await ip('netns', 'add', netns(name));
    created.push(netns(name));
    await ip('-n', netns(name), 'link', 'set', 'lo', 'up');
  };
  const sw = netns('sw');
  await addNetns('sw');
  for (const bridge of ['back', 'front']) {
    await ip('-n', sw, 'link', 'add', bridge, 'type', 'bridge');
    await ip('-n', sw, 'link', 'set', bridge, 'up');
  }
  /** A veth from the switch's `bridge` to `eth` in host namespace `name`, with `address`/24. */
  const wire = async (name: string, port: string, bridge: 'back' | 'front', eth: string, address: string) => {
    await ip('-n', sw, 'link', 'add', port, 'type', 'veth', 'peer', 'name', eth, 'netns', netns(name));
    await ip('-n', sw, 'link', 'set', port, 'master', bridge, 'up');
    await ip('-n', netns(name), 'addr', 'add', `${address}/24`, 'dev', eth);
    await ip('-n', netns(name), 'link', 'set', eth, 'up');
  };
  const host = (name: string, address: string): Host => ({ name, netns: netns(name), address });
  const hosts = {
    app1: host('app1', `${BACK_PREFIX}.11`),
    app2: host('app2', `${BACK_PREFIX}.12`),
    db: host('db', `${BACK_PREFIX}.21`),
    redis: host('redis', `${BACK_PREFIX}.22`),
  };
  for (const h of Object.values(hosts)) {
    await addNetns(h.name);
    await wire(h.name, h.name, 'back', 'eth0', h.address);
  }
  await addNetns('lb');
  await wire('lb', 'lb-back', 'back', 'eth0', `${BACK_PREFIX}.10`);
  await wire('lb', 'lb-front', 'front', 'eth1', `${FRONT_PREFIX}.10`);
  await addNetns('clients');
  await wire('clients', 'clients', 'front', 'eth0', `${FRONT_PREFIX}.20`);
  // The store: a leg on each network, its public address on its loopback, a route to it from each side.
  await addNetns('s3');
  await wire('s3', 's3-back', 'back', 'eth0', `${BACK_PREFIX}.30`);
  await wire('s3', 's3-front', 'front', 'eth1', `${FRONT_PREFIX}.30`);
  await ip('-n', netns('s3'), 'addr', 'add', `${STORE_ADDRESS}/32`, 'dev', 'lo');
  // A new namespace does not forward by default; said outright, since the isolation depends on it.
  await run('ip', ['netns', 'exec', netns('s3'), 'sysctl', '-qw', 'net.ipv4.ip_forward=0'], { timeout: 10_000 });
  for (const h of [hosts.app1, hosts.app2]) await ip('-n', h.netns, 'route', 'add', `${STORE_ADDRESS}/32`, 'via', `${BACK_PREFIX}.30`);
  await ip('-n', netns('clients'), 'route', 'add', `${STORE_ADDRESS}/32`, 'via', `${FRONT_PREFIX}.30`);
  // The monitoring leg, from this (the root) namespace to the back bridge; removed with the switch.
  const monitor = `${BACK_PREFIX}.254`;
  const leg = `${prefix}-mon`;
  await ip('link', 'add', leg, 'type', 'veth', 'peer', 'name', 'mon', 'netns', sw);
  await ip('-n', sw, 'link', 'set', 'mon', 'master', 'back', 'up');
  await ip('addr', 'add', `${monitor}/24`, 'dev', leg);
  await ip('link', 'set', leg, 'up');
  return {
    app: [hosts.app1, hosts.app2],
    db: hosts.db,
    redis: hosts.redis,
    lb: { ...host('lb', `${BACK_PREFIX}.10`), publicAddress: `${FRONT_PREFIX}.10` },
    clients: host('clients', `${FRONT_PREFIX}.20`),
    store: host('s3', STORE_ADDRESS),
    monitor,
  };
}

/** Whether a TCP connection from namespace `netns` to `address:port` opens within a second. */
export async function reaches(netns: string, address: string, port: number): Promise<boolean> {
  try {
    await run('ip', ['netns', 'exec', netns, 'timeout', '1', 'bash', '-c', `exec 3<>/dev/tcp/${address}/${port}`], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
