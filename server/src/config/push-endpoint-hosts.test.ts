import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, isAllowedPushEndpoint, pushEndpointHostsSchema } from './push-endpoint-hosts';

describe('push endpoint allow-list', () => {
  it("takes the browsers' push services and nothing else by default", () => {
    const allowed = (url: string) => isAllowedPushEndpoint(url, DEFAULT_PUSH_ENDPOINT_HOSTS);
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(allowed('https://web.push.apple.com/QO-abc')).toBe(true);
    expect(allowed('https://wns2-by3p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(allowed('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(allowed('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(allowed('https://evilpush.apple.com/x')).toBe(false);
    expect(allowed('https://push.apple.com/x')).toBe(false);
    expect(allowed('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(allowed('https://127.0.0.1/x')).toBe(false);
    expect(allowed('https://a@fcm.googleapis.com/x')).toBe(false);
    expect(allowed('not a url')).toBe(false);
  });

  it('PUSH_ENDPOINT_HOSTS names hosts, host:port or *.domain', () => {
    expect(pushEndpointHostsSchema.parse(' 127.0.0.1:8443, *.Push.Example ')).toEqual(['127.0.0.1:8443', '*.push.example']);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/p/1', ['127.0.0.1:8443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8444/p/1', ['127.0.0.1:8443'])).toBe(false);
    expect(pushEndpointHostsSchema.safeParse('https://x.example').success).toBe(false);
    expect(pushEndpointHostsSchema.safeParse(',').success).toBe(false);
  });
});
