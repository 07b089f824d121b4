/**
 * On sign-out this browser stops receiving the account's pushes: the server drops the
 * subscription with the session, and the browser's own is cancelled here, so whoever signs in next
 * on this device must turn notifications on for themselves.
 */
export function forgetPushSubscription(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
