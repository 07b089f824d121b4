import { describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_HREF } from './link-manifest';

describe('linkManifest', () => {
  it('links the web app manifest in the head, once however often it runs', () => {
    document.head.innerHTML = '';
    linkManifest();
    linkManifest();
    const links = document.head.querySelectorAll('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_HREF);
  });
});
