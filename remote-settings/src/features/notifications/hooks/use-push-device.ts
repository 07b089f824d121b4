import { useCallback, useEffect, useState } from 'react';
import { deletePushSubscription, getVapidPublicKey, savePushSubscription } from '@chat/api-client';
import { NOTIFICATION_SETTINGS_TEXTS, pushSubscriptionBodySchema } from '@chat/contracts';
import { notify } from '@chat/ui';

export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';

/** How long the page waits for the shell's service worker before saying this browser cannot do it. */
const WORKER_WAIT_MS = 15_000;

/**
 * The page's service worker registration, once it is active (the shell registers it after the
 * page settles); rejects when none comes (a development build, a browser that refuses workers).
 */
const activeRegistration = () =>
  Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('sem service worker')), WORKER_WAIT_MS)),
  ]);

/** The key as PushManager.subscribe takes it (bytes of the base64url text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * This device's Web Push subscription. Turning it on asks the browser's permission (so only from
 * the person's click), subscribes with the server's key and hands the subscription to the server,
 * which binds it to this session. A subscription the browser already had is given to the server
 * again when the page opens, in case the server dropped it.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>(() =>
    !supported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking',
  );
  const [busy, setBusy] = useState(false);
  const checking = state === 'checking';

  useEffect(() => {
    if (!checking) return;
    let live = true;
    void (async () => {
      const existing = await (await activeRegistration()).pushManager.getSubscription();
      if (existing) await savePushSubscription(pushSubscriptionBodySchema.parse(existing.toJSON())).catch(() => undefined);
      if (live) setState(existing && Notification.permission === 'granted' ? 'on' : 'off');
    })().catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [checking]);

  const enable = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
      const { publicKey } = (await getVapidPublicKey()).data;
      const registration = await activeRegistration();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await savePushSubscription(pushSubscriptionBodySchema.parse(subscription.toJSON()));
      setState('on');
    } catch (error) {
      notify.error(error, NOTIFICATION_SETTINGS_TEXTS.pushError);
    } finally {
      setBusy(false);
    }
  }, []);

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await (await activeRegistration()).pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      notify.error(error, NOTIFICATION_SETTINGS_TEXTS.pushError);
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, enable, disable };
}
