// When to ask for the notification permission. Browsers ignore (or penalise) a permission prompt
// that does not follow a user gesture, and a prompt on page load is noise: ask once, on the user's
// first click or key press in the signed-in app, and only while nothing was decided.

let asked = false;

export function askPermissionOnFirstGesture(target: Window = window): () => void {
  const api = (target as Window & { Notification?: typeof Notification }).Notification;
  if (asked || !api || api.permission !== 'default') return () => {};
  const options = { capture: true } as const;
  const remove = () => {
    target.removeEventListener('pointerdown', ask, options);
    target.removeEventListener('keydown', ask, options);
  };
  function ask() {
    remove();
    if (asked || api!.permission !== 'default') return;
    asked = true;
    // Older Safari answers through a callback and returns undefined.
    void api!.requestPermission()?.catch(() => undefined);
  }
  target.addEventListener('pointerdown', ask, options);
  target.addEventListener('keydown', ask, options);
  return remove;
}

/** For tests: forget that the question was asked. */
export function resetPermissionAsked(): void {
  asked = false;
}
