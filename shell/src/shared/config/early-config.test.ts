import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './load-config';

// The configuration comes from the page the server wrote (a JSON data block) or, without it (the
// service worker's copy of index.html, the dev server), from /config.json.

const CONFIG = {
  version: '1.0.0',
  apiBaseUrl: '/api',
  socketUrl: '',
  remotes: { chat: 'https://cdn.example.com/chat/mf-manifest.json', team: '/t', settings: '/s', root: '/r' },
  flags: { featuredWorkspaceId: null, productionOrigin: null },
};

afterEach(() => {
  document.getElementById('app-config')?.remove();
  vi.unstubAllGlobals();
});

describe('the runtime configuration', () => {
  it('is read from the page without asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'app-config';
    block.textContent = JSON.stringify(CONFIG);
    document.head.append(block);
    await expect(loadConfig()).resolves.toEqual(CONFIG);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is fetched from /config.json when the page has none, and a failed answer is an error', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(CONFIG)));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadConfig()).resolves.toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 502 }))),
    );
    await expect(loadConfig()).rejects.toThrow('/config.json respondeu 502');
  });
});
