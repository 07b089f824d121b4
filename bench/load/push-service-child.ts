// The push service of --push (the tests' one, exported apart from bench-api so that the server
// child never loads it) in a process of its own: real push services run on other machines, and
// checking each push's VAPID token and decrypting its body took cores from the server under test
// when the service ran inside the harness. Started by push-run.ts at the clients' niceness.
import { startPushService } from '@chat/server/bench-push-service';

export type ToPushService = { type: 'subscribe'; count: number } | { type: 'count' } | { type: 'stop' };
export type FromPushService =
  | { type: 'ready'; host: string; certificate: string }
  | { type: 'subscribed'; subscriptions: Array<{ endpoint: string; keys: { p256dh: string; auth: string } }> }
  | { type: 'count'; received: number; connections: number };

const reply = (message: FromPushService) => process.send!(message);
const vapidPublicKey = process.env.BENCH_VAPID_PUBLIC_KEY!;
const service = await startPushService({ vapidPublicKey: () => vapidPublicKey });

process.on('message', (message: ToPushService) => {
  if (message.type === 'subscribe')
    reply({
      type: 'subscribed',
      subscriptions: Array.from({ length: message.count }, () => {
        const { endpoint, keys } = service.subscribe();
        return { endpoint, keys };
      }),
    });
  if (message.type === 'count') reply({ type: 'count', received: service.received.length, connections: service.connections });
  if (message.type === 'stop') void service.close().then(() => process.exit(0));
});
reply({ type: 'ready', host: service.host, certificate: service.certificate });
