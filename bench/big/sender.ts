import { randomUUID } from 'node:crypto';
import { request } from '../load/http-post';
import { type Person, SEND_MARK } from './protocol';

// The harness's own sends, over HTTP as the page's: `rate` per second for `durationS`, each
// scheduled whatever the previous answers do. The body carries the moment the request is written
// (epoch ms, one clock for every process of this machine), from which the clients time delivery.

export async function sendAtRate(url: string, from: Person, chatId: string, isGroup: boolean, rate: number, durationS: number) {
  const total = Math.round(rate * durationS);
  const interval = 1000 / rate;
  const httpMs: number[] = [];
  let refused = 0;
  const start = performance.now();
  const one = async (k: number) => {
    const issued = performance.now();
    const body = JSON.stringify({
      conversationId: chatId,
      isGroup,
      content: { type: 'text', body: `${SEND_MARK} ${performance.timeOrigin + issued} ${k}` },
      clientId: randomUUID(),
    });
    const answer = await request('POST', `${url}/api/message/send`, { authorization: `Bearer ${from.token}` }, body).catch(() => null);
    if (answer?.status === 200) httpMs.push(performance.now() - issued);
    else refused++;
  };
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = start + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(k));
  }
  await Promise.all(pending);
  if (refused > 0) console.log(`  ${refused} envios recusados ou sem resposta`);
  return { sent: httpMs.length, httpMs };
}
