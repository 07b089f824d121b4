// Cluster drill (`npm run drill:cluster -- --help`; docs/drill.md, "Cluster"): two application
// hosts, a PostgreSQL host, a Redis host and HAProxy on the operator's guide configuration, each in
// its own network namespace, an S3-compatible store (s3rver) that both sides reach, the load
// harness's clients in another that reaches only the balancer and the store. Shows a message and
// an image crossing hosts, a host's process killed with its clients back on the
// other, a rolling upgrade without a failed send, and the throughput through the balancer on one
// host and on two. Removes every namespace and process at the end, on failure and on Ctrl-C.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { cleanUp, cleanUpOnSignals, onCleanup } from '../drill/cleanup';
import { deployCluster } from './cluster';
import { seedClusterMembers } from './load';
import { parseClusterOptions } from './options';
import { missingRequirements } from './preflight';
import { type ClusterFigures, printFigures, verdict } from './report';
import { ImageClient } from './image';
import { crossHost, imageAcrossHosts, killHost, rollingUpgrade, throughput } from './scenarios';

cleanUpOnSignals();
const options = parseClusterOptions(process.argv.slice(2));
const missing = missingRequirements();
if (missing.length > 0) {
  console.error(`O exercício de cluster não pode rodar nesta máquina:\n${missing.map((m) => `- ${m}`).join('\n')}`);
  process.exit(1);
}
// An error outside the steps below (a child's event, a stray promise) still removes everything.
const failHard = (error: unknown) => {
  console.error('\nO exercício de cluster falhou:', error instanceof Error ? (error.stack ?? error.message) : error);
  void cleanUp().finally(() => process.exit(1));
};
process.on('uncaughtException', failHard);
process.on('unhandledRejection', failHard);
let passed = false;
const started = performance.now();
try {
  console.log('▶ Compilando o servidor (server/dist/main.js)');
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  const root = mkdtempSync(path.join(os.tmpdir(), 'papo-cluster-'));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  console.log('▶ Montando a rede e os hosts');
  const cluster = await deployCluster(root);
  const members = await seedClusterMembers(cluster, root, options.members);

  console.log('▶ Uma mensagem entre hosts');
  const cross = await crossHost(cluster, members.slice(0, 2));
  console.log('▶ Uma imagem entre hosts (enviada por app1, recebida e baixada por um membro em app2)');
  const imageClient = await ImageClient.start(cluster.topology.clients.netns, cluster.balancer.url);
  const [sender, receiver] = [members[2]!, members[3]!];
  const image = await imageAcrossHosts(cluster, imageClient, sender, receiver);
  console.log(`▶ O processo de app1 morto com ${options.members} membros enviando ${options.rate}/s`);
  // With app1 down, the image it took in is still in the history and in the bucket.
  const kill = await killHost(cluster, members, options.rate, options.killS, () => imageClient.read(receiver, image.messageId));
  imageClient.close();
  console.log(`▶ Atualização contínua (SIGTERM e nova partida de cada processo) com ${options.rate}/s`);
  const upgrade = await rollingUpgrade(cluster, members, options.rate, options.upgradeS);
  const figures: ClusterFigures = { cross, image, kill, upgrade, throughput: [] };
  if (options.messages > 0) {
    for (const hosts of [2, 1] as const) {
      console.log(`▶ Vazão pelo balanceador, ${hosts} host(s): ${options.members} membros × ${options.messages} mensagens`);
      figures.throughput.push(await throughput(cluster, members, options.messages, hosts));
    }
  }
  printFigures(figures);
  passed = verdict(figures);
} catch (error) {
  console.error('\nO exercício de cluster falhou:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanUp();
}
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s no total)`);
process.exit(passed ? 0 : 1);
