import type { FastifyInstance } from 'fastify';
import { AddressPolicy } from './address-policy';
import { WebhookDeliveries, type WebhookDeliveryOptions } from './webhook-deliveries';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where outgoing webhooks may post (WEBHOOK_ALLOWED_HOSTS beyond the public internet). */
    webhookPolicy: AddressPolicy;
    /** The outgoing webhooks' queue: fed by every stored group message, posted by every process. */
    webhookDeliveries: WebhookDeliveries;
  }
}

/**
 * The outgoing webhooks' queue of this process: it starts posting once the app is ready and stops
 * when it closes (before the database does, as hooks close in reverse).
 */
export function setUpWebhooks(app: FastifyInstance, options?: WebhookDeliveryOptions): void {
  const policy = new AddressPolicy(app.ctx.env.webhookAllowedHosts);
  const deliveries = new WebhookDeliveries(app.ctx.db, policy, app.log, options);
  app.decorate('webhookPolicy', policy);
  app.decorate('webhookDeliveries', deliveries);
  app.addHook('onReady', async () => deliveries.start());
  app.addHook('onClose', () => deliveries.close());
}
