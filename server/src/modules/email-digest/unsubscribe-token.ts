import { createHmac, timingSafeEqual } from 'node:crypto';

// The digest's "turn off" link works without signing in: its token is the person's id and an HMAC
// of it, so it switches off that person's digests and no one else's. It does not expire (an old
// digest's link still works); it does nothing but that one switch.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class UnsubscribeTokens {
  private readonly key: Buffer;

  /** `secret` is the JWT secret: every process shares it, and a derived key keeps the two uses apart. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('chat-email-digest-unsubscribe-v1').digest();
  }

  sign(userId: string): string {
    return `${userId}.${this.mac(userId)}`;
  }

  /** The person the token was made for, or null when it is malformed or forged. */
  verify(token: string): string | null {
    const dot = token.indexOf('.');
    const userId = token.slice(0, dot).toLowerCase();
    if (dot < 0 || !UUID.test(userId)) return null;
    const expected = Buffer.from(this.mac(userId));
    const given = Buffer.from(token.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  private mac(userId: string): string {
    return createHmac('sha256', this.key).update(userId).digest('base64url');
  }
}
