import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads.mjs';

// The area chunks the server preloads on a signed-in page, read from the build's stats: the named
// groups, the shared modules their chunks consume, the shell's provided singletons; nothing that
// a page loads later on its own (the socket, the service worker, the lazy dialogs).
const STATS = {
  namedChunkGroups: {
    bootstrap: { chunks: ['b'] },
    'area-auth': { chunks: ['aa', 'v'] },
    'area-remote-route': { chunks: ['rr', 'v'] },
    'area-root': { chunks: ['ar'] },
  },
  chunks: [
    { id: 'b', size: 50, files: ['static/js/async/bootstrap.1.js'], children: ['c1', 'sock'], origins: [{ moduleName: './src/index.ts' }] },
    {
      id: 'aa',
      files: ['static/css/async/area-auth.2.css', 'static/js/async/area-auth.2.js', 'static/js/async/area-auth.2.js.LICENSE.txt'],
      children: ['dialog'],
      origins: [],
    },
    { id: 'v', files: ['static/js/async/v.3.js'], children: [], origins: [] },
    { id: 'rr', files: ['static/js/async/area-remote-route.4.js'], children: [], origins: [] },
    { id: 'ar', files: ['static/js/async/area-root.5.js'], children: [], origins: [] },
    {
      id: 'c1',
      files: ['static/js/async/c1.6.js'],
      children: ['c2', 'fb'],
      origins: [
        { moduleName: 'consume shared module (default) react-router-dom@^7' },
        { moduleName: 'provide shared module (default) react-router-dom@7 = x' },
      ],
    },
    {
      id: 'c2',
      files: ['static/js/async/c2.7.js'],
      children: [],
      origins: [
        { moduleName: 'consume shared module (default) react-router@^7' },
        { moduleName: 'provide shared module (default) react-router@7 = x' },
      ],
    },
    // Only a consume's fallback: the shell provides the module, so the page never loads it.
    {
      id: 'fb',
      files: ['static/js/async/fb.11.js'],
      children: [],
      origins: [{ moduleName: 'consume shared module (default) @chat/api-client@^1 (fallback)' }],
    },
    {
      id: 'p',
      size: 900,
      files: ['static/js/async/p.8.js'],
      children: [],
      origins: [{ moduleName: 'provide shared module (default) react-dom@19.3.1 = x' }],
    },
    {
      id: 'sock',
      files: ['static/js/async/sock.9.js'],
      children: [],
      origins: [{ moduleName: './src/features/socket/use-live-socket.ts' }],
    },
    {
      id: 'dialog',
      files: ['static/js/async/dialog.10.js', 'static/css/async/dialog.10.css'],
      children: [],
      origins: [{ moduleName: './src/features/outbox/unsent-sign-out.tsx' }],
    },
  ],
};
const AREAS = { '/auth': ['bootstrap', 'area-auth', 'area-remote-route'], '/root': ['bootstrap', 'area-root', 'area-remote-route'] };

describe('routePreloads', () => {
  it("lists each area's groups, the shared modules they consume (transitively) and the provided singletons, largest chunk first", () => {
    const result = routePreloads(STATS, AREAS, '/');
    expect(result['/auth']).toEqual([
      ...['p.8', 'bootstrap.1', 'area-auth.2', 'c1.6', 'c2.7', 'area-remote-route.4', 'v.3'].map((name) => `/static/js/async/${name}.js`),
      '/static/css/async/area-auth.2.css',
    ]);
    expect(result['/root']).toContain('/static/js/async/area-root.5.js');
    expect(result['/auth']).not.toContain('/static/js/async/fb.11.js');
    expect(result['/root']).not.toContain('/static/js/async/area-auth.2.js');
  });

  it('leaves out what the page loads later by itself: the socket, lazy dialogs (and their CSS), licence texts', () => {
    const all = Object.values(routePreloads(STATS, AREAS, '/')).flat();
    for (const late of ['sock.9', 'dialog.10']) expect(all.filter((file) => file.includes(late))).toEqual([]);
    expect(all.every((file) => file.endsWith('.js') || file.endsWith('.css'))).toBe(true);
  });

  it('an unknown group adds nothing; the public path prefixes every file', () => {
    expect(routePreloads(STATS, { '/x': ['nope'] }, '/app/')).toEqual({ '/x': ['/app/static/js/async/p.8.js'] });
  });
});
