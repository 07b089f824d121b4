import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature of an outgoing delivery: HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<body>`, hex, as `v1=<hex>` (docs/api.md, Webhooks de saída). The timestamp in the
 * signed text lets a receiver refuse an old delivery replayed.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
