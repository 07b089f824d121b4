/** The web app manifest (shell/public), which makes the app installable on a phone's home screen. */
export const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * Links the manifest, once. Not in the page's HTML: Chromium fetches a linked manifest
 * and then its 192 px icon at once, two requests beside the first screen's files on a phone's
 * first visit; linked once the page has settled, the install prompt still finds it.
 */
export function linkManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  doc.head.append(link);
}
