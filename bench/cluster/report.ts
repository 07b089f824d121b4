import type { crossHost, imageAcrossHosts, killHost, rollingUpgrade, throughput } from './scenarios';

// What the cluster drill prints, and its verdict: the targets of docs/drill.md, "Cluster".

export interface ClusterFigures {
  cross: Awaited<ReturnType<typeof crossHost>>;
  image: Awaited<ReturnType<typeof imageAcrossHosts>>;
  kill: Awaited<ReturnType<typeof killHost>>;
  upgrade: Awaited<ReturnType<typeof rollingUpgrade>>;
  throughput: Array<Awaited<ReturnType<typeof throughput>>>;
}

/** Seconds within which the clients of a dead host must be back through the balancer. */
export const RECOVERY_TARGET_S = 10;

const s = (n: number) => `${n.toFixed(1)} s`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const answered = (equal: boolean, status: number) => (equal ? 'bytes iguais' : `DIFERENTES (HTTP ${status})`);

export function printFigures({ cross, image, kill, upgrade, throughput }: ClusterFigures): void {
  console.log('\nResultados');
  console.log(
    `- Entre hosts: sockets ${cross.where.join(' / ')} (app1 / app2); ${cross.accepted} confirmadas, ${cross.lost} perdidas, ${cross.duplicated} duplicadas; entrega p50 ${ms(cross.deliverP50Ms)}`,
  );
  const read = kill.readWhileDown;
  console.log(
    `- Imagem entre hosts: PNG de ${kb(image.bytes)} pelo fluxo da especificação (PUT à URL assinada de ${image.signedHost}${image.signedHost === image.storeHost ? ', o bucket' : ', QUE NÃO É O BUCKET'}), ` +
      `envios confirmados ${image.sentOn.join(' / ')} (app1 / app2), socket de quem recebe ${image.sockets.join(' / ')}; ` +
      `URL e PUT em ${ms(image.uploadMs)}, envio respondido em ${ms(image.sendMs)} e entregue em app2 em ${ms(image.deliverMs)}, download do bucket em ${ms(image.downloadMs)}: ${answered(image.equal, image.downloadStatus)}; ` +
      `arquivos em DATA_DIR/media ${image.localFiles.join(' / ')}; ` +
      `com app1 morto: ${read === null ? 'não lida' : `${read.inHistory ? 'no histórico' : 'FORA DO HISTÓRICO'} por app2, ${answered(read.equal, read.downloadStatus)}`}`,
  );
  console.log(
    `- Processo de app1 morto (SIGKILL): sockets antes ${kill.before.join(' / ')}, depois ${kill.after.join(' / ')}; app1 fora do balanceador em ${s(kill.markedDownS)}; ` +
      `${kill.moved} sockets de volta por app2 (p50 ${s(kill.backP50S)}, o último ${s(kill.backMaxS)} depois da morte), ${kill.notBack} não voltaram; ` +
      `${kill.accepted} confirmadas, ${kill.lost} perdidas, ${kill.duplicated} duplicadas, ${kill.caughtUp} pela recuperação; ` +
      `envios sem confirmação ${kill.failedSends}, tentativas falhas ${kill.failedAttempts}`,
  );
  const replaced = upgrade.replaced.map(
    (r) => `${r.host}: encerrou em ${s(r.stopS)} (código ${r.exitCode}), partiu em ${s(r.startS)}, UP em mais ${s(r.upS)}`,
  );
  console.log(
    `- Atualização contínua: ${replaced.join('; ')}; ${upgrade.accepted} confirmadas, ${upgrade.failedAttempts} envios falhos (tentativas sem 200), ` +
      `${upgrade.failedSends} sem confirmação, ${upgrade.lost} perdidas, ${upgrade.duplicated} duplicadas, ${upgrade.caughtUp} pela recuperação, ${upgrade.notBack} sockets sem volta` +
      (upgrade.upgradeInsideLoad ? '' : ' (ATENÇÃO: a troca terminou depois da carga: aumente --upgrade)'),
  );
  for (const t of throughput) {
    const hosts = t.perHost.map((h) => `${h.host} ${h.sessions} pedidos, ${s(h.cpuS)} de CPU`).join('; ');
    console.log(
      `- Vazão pelo balanceador com ${t.hosts} host(s): ${t.msgPerS.toFixed(0)} msg/s, resposta p50 ${ms(t.answerP50Ms)} p99 ${ms(t.answerP99Ms)}, ` +
        `entrega p50 ${ms(t.deliverP50Ms)} p99 ${ms(t.deliverP99Ms)}; ${hosts}; ${t.lost} perdidas, ${t.failedSends} falhas`,
    );
  }
}

/** Every target met: prints what was missed, returns whether none was. */
export function verdict({ cross, image, kill, upgrade }: ClusterFigures): boolean {
  const missed: string[] = [];
  if (cross.lost + cross.duplicated + cross.failedSends > 0) missed.push('mensagens entre hosts perdidas, duplicadas ou recusadas');
  const imageCrossed =
    image.equal &&
    image.signedHost === image.storeHost &&
    image.sentOn[0] === 1 &&
    image.sentOn[1] === 0 &&
    image.sockets[0] === 0 &&
    image.sockets[1] === 1;
  if (!imageCrossed) missed.push('a imagem não foi de app1 a um membro em app2 com os mesmos bytes');
  if (image.localFiles.some((n) => n > 0)) missed.push('arquivos no disco de um host de aplicação, não só no bucket');
  if (!kill.readWhileDown?.inHistory || !kill.readWhileDown.equal)
    missed.push('a imagem enviada antes da morte de app1 não pôde ser lida com ele morto');
  if (kill.lost + kill.duplicated > 0) missed.push('perdas ou duplicatas com um host morto');
  if (kill.notBack > 0 || !(kill.backMaxS < RECOVERY_TARGET_S)) missed.push(`clientes do host morto sem volta em ${RECOVERY_TARGET_S} s`);
  if (kill.failedSends > 0) missed.push('envios nunca confirmados com um host morto');
  if (upgrade.failedAttempts + upgrade.failedSends + upgrade.lost + upgrade.duplicated + upgrade.notBack > 0)
    missed.push('a atualização contínua teve envio falho, perda, duplicata ou socket sem volta');
  if (upgrade.replaced.some((r) => r.exitCode !== 0)) missed.push('um processo não saiu com código 0 no SIGTERM');
  if (!upgrade.upgradeInsideLoad) missed.push('a troca não coube na carga');
  console.log(missed.length === 0 ? '\nTodas as metas cumpridas.' : `\nMetas não cumpridas: ${missed.join('; ')}`);
  return missed.length === 0;
}
