// Rsbuild + Module Federation settings shared by the shell and every remote, so the singletons,
// their required versions and the remote layout are declared once. Plain ESM so that each
// rsbuild.config.ts can import it without a TypeScript step.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginPrecompress } from './precompress.mjs';
import { RoutePreloadsPlugin } from './route-preloads.mjs';
import { pluginServiceWorker } from './service-worker.mjs';

const require = createRequire(import.meta.url);
const workspaceVersion = require('./package.json').version;

/** Stateful libraries that must exist once on the page (docs/arquitetura.md, Micro-frontends). */
export const SINGLETON_DEPS = ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query'];
/**
 * The workspace modules that hold state, one instance on the page: the bus, the configured HTTP
 * instance and the toast queue (@chat/ui/toast-store, the only stateful file of @chat/ui). A
 * shared module cannot be tree-shaken, so what holds no state is bundled by each app instead:
 * @chat/contracts (schemas, constants; its zod locale is set by each copy on its own zod) and
 * the components of @chat/ui. Sharing those whole put every component and schema into the
 * sign-in page's first download (measured with `npm run sizes`). @chat/outbox holds
 * the signed-in user's IndexedDB outbox and drafts and its sender: one per page, for the shell's
 * banner and sign-out and remote-chat's bubbles.
 */
export const WORKSPACE_SINGLETONS = ['@chat/event-bus', '@chat/api-client', '@chat/ui/toast-store', '@chat/outbox'];

/**
 * A shared module already loaded on the page is the one used; the default ('version-first')
 * would download every registered remote's entry to compare versions as soon as the shell loads
 * its next shared module, remotes the page does not show included.
 */
const SHARE_STRATEGY = 'loaded-first';

/**
 * Runtime plugins every app's Module Federation instance registers before its first share. A
 * function: this module is also imported by tests in a browser environment, where import.meta.url
 * is not a file URL.
 */
const runtimePlugins = () => [fileURLToPath(new URL('./share-version-check.mjs', import.meta.url))];

/** The four remotes: MF container name and dev port. */
export const REMOTES = {
  chat: { container: 'remote_chat', devPort: 3101 },
  team: { container: 'remote_team', devPort: 3102 },
  settings: { container: 'remote_settings', devPort: 3103 },
  root: { container: 'remote_root', devPort: 3104 },
};
export const SHELL_DEV_PORT = 3100;
const REMOTE_DIRS = Object.keys(REMOTES).map((name) => `remote-${name}`);
export const SERVER_PORT = 3000;

/**
 * The react-router file the apps' bundler would pick for `import 'react-router'` (its exports
 * map's `module` entry: react-router/dom imports the same build's chunks, so both keep one set of
 * contexts), under a name the 'react-router' shared key does not match: react-router-client.mjs
 * re-exports from it. Resolved from the app being built (build-config does not depend on it).
 */
function reactRouterAlias() {
  const appRequire = createRequire(join(process.cwd(), 'package.json'));
  const manifestPath = appRequire.resolve('react-router/package.json');
  const entry = appRequire(manifestPath).exports['.'].module.default;
  return { '#react-router-full$': join(dirname(manifestPath), entry) };
}

export function sharedDeps(appPackageJson) {
  const deps = appPackageJson.dependencies ?? {};
  const shared = {};
  for (const name of SINGLETON_DEPS) {
    if (!deps[name]) throw new Error(`${appPackageJson.name} must depend on ${name}`);
    const version = deps[name].replace(/^[\^~]/, '');
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
    if (name === 'react-router') {
      // Only the client part of react-router is shared (see react-router-client.mjs).
      const client = fileURLToPath(new URL('./react-router-client.mjs', import.meta.url));
      Object.assign(shared[name], { import: client, version });
    }
  }
  for (const name of WORKSPACE_SINGLETONS) {
    // An app shares only the packages it uses (@chat/outbox: the shell and remote-chat), so that
    // the others' entries do not carry a copy to offer.
    if (!deps[name.split('/').slice(0, 2).join('/')]) continue;
    shared[name] = { singleton: true, requiredVersion: `^${workspaceVersion}`, version: workspaceVersion };
  }
  return shared;
}

/**
 * In dev, each remote also writes its build to dist-dev/, which the shell's dev server watches:
 * a change in a remote reloads the shell's page (live reload across the federation boundary).
 */
const REMOTE_DEV_OUTPUT = 'dist-dev';

/** The chunk of a remote's ./App (the Module Federation plugin names it after the expose). */
const EXPOSE_APP_CHUNK = '__federation_expose_App';

/** Rsbuild config of one remote: exposes ./App, loads its chunks relative to its own URL. */
export function remoteConfig({ remote, packageJson }) {
  const { container, devPort } = REMOTES[remote];
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginModuleFederation({
        name: container,
        exposes: { './App': './src/App.tsx' },
        shared: sharedDeps(packageJson),
        shareStrategy: SHARE_STRATEGY,
        runtimePlugins: runtimePlugins(),
        dts: false,
        experiments: {
          optimization: { target: 'web' },
          // Built for the product, the remote uses the Module Federation runtime the shell
          // provides (one runtime on the page, a much smaller remote entry). In dev it keeps
          // its own, so that it also runs alone on its dev server (StandaloneRemote).
          externalRuntime: command !== 'dev',
        },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: { alias: reactRouterAlias() },
    // Everything ./App runs first is one file: the default split leaves it in several small
    // files, each a round trip of its own on a phone before the remote's first render. The
    // chunks loaded later (a chat's view, the picker, the panels) keep the default split.
    splitChunks: {
      cacheGroups: {
        exposeApp: { chunks: (chunk) => chunk.name === EXPOSE_APP_CHUNK, name: EXPOSE_APP_CHUNK, enforce: true, priority: 50 },
      },
    },
    // 'auto' makes chunks load from wherever the remote is served, not from the shell's root.
    output: {
      assetPrefix: 'auto',
      cleanDistPath: true,
      ...(command === 'dev' ? { distPath: { root: REMOTE_DEV_OUTPUT } } : {}),
    },
    html: { title: `Papo · ${remote} (isolado)` },
    server: { port: devPort, strictPort: true, cors: true, historyApiFallback: true },
    dev: { lazyCompilation: false, writeToDisk: true },
    tools: { rspack: { output: { uniqueName: container } } },
  }));
}

/**
 * What every page of the shell runs before its first render, in two files (react-dom, and the
 * rest): react, react-dom, the router (the provided singletons), the event bus, the toast queue
 * and zod. Left to the default split they are about ten files of very different sizes, and on a
 * phone each file costs a round trip that holds a connection and a share of the bandwidth
 * (Lighthouse's simulation of the conversations page spent most of its LCP on these requests, not
 * on their bytes).
 */
const FRAMEWORK_MODULES = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|zod|mitt)[\\/]`,
    String.raw`[\\/]packages[\\/]event-bus[\\/]src[\\/]`,
    String.raw`[\\/]packages[\\/]ui[\\/]src[\\/]components[\\/]toast[\\/]toast-store\.ts$`,
    String.raw`[\\/]packages[\\/]build-config[\\/]react-router-client\.mjs$`,
    // The contracts the sign-in page and the session need first: texts, field schemas (and the
    // visible-text rule they use), the user.
    String.raw`[\\/]packages[\\/]contracts[\\/]src[\\/](errors|login-texts|entities[\\/]user|schemas[\\/](fields|message-text|visible-text)|feature-flags|zod-locale)\.ts$`,
  ].join('|'),
);

/**
 * The signed-in pages' singletons (the HTTP client, the outbox) and what only they use, as one
 * file: the sign-in page loads neither before its form is sent (its budget, `npm run sizes`).
 */
const SIGNED_IN_MODULES =
  /[\\/]packages[\\/](api-client|outbox)[\\/]src[\\/]|[\\/]node_modules[\\/]idb[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](api|schemas[\\/](message(s|-actions)|media-files))\.ts$/;

/**
 * The /auth area's layout and what a remote's route renders around the remote, one file (ROOT's
 * area, which also mounts a remote, then loads the /auth layout's few kB with it).
 */
const AUTH_AREA_CHUNKS = new Set(['area-auth', 'area-remote-route']);

/**
 * The page's own requests on a phone's first visit. The main script is a deferred
 * script, which Chromium asks for at low priority, behind the icon and the preloads: it is asked
 * for at high priority. The favicon is written into the page (a data: URL, ~1 kB) instead of being
 * one more request beside the app's first files. The web app manifest is linked by the app once
 * the page has settled (shell/src/features/pwa/link-manifest.ts), which is also when the browser
 * would fetch its icons.
 */
function firstRequestsFirst(tags) {
  const favicon = readFileSync(join(process.cwd(), 'public', 'favicon.svg'), 'utf8');
  const faviconTag = {
    tag: 'link',
    attrs: { rel: 'icon', type: 'image/svg+xml', href: `data:image/svg+xml,${encodeURIComponent(favicon.trim())}` },
    publicPath: false,
  };
  // Rsbuild links public/favicon.svg by itself: that link is replaced, not doubled.
  const own = tags.filter((tag) => !(tag.tag === 'link' && tag.attrs?.rel === 'icon'));
  const withPriority = own.map((tag) =>
    tag.tag === 'script' && tag.attrs?.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
  );
  return [...withPriority, faviconTag];
}

/** Rsbuild config of the shell: a host with no build-time remotes (they come from /config.json). */
export function shellConfig({ packageJson }) {
  const proxyTarget = `http://127.0.0.1:${SERVER_PORT}`;
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginPrecompress(),
      pluginServiceWorker(),
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        shared: sharedDeps(packageJson),
        shareStrategy: SHARE_STRATEGY,
        runtimePlugins: runtimePlugins(),
        dts: false,
        experiments: {
          // Browser-only: leave the runtime's Node loading code out.
          optimization: { target: 'web' },
          // The shell's runtime is the page's one runtime: the remotes' entries use it.
          provideExternalRuntime: true,
        },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    resolve: { alias: reactRouterAlias() },
    output: { cleanDistPath: true },
    html: { template: './index.html', tags: [firstRequestsFirst] },
    splitChunks: {
      cacheGroups: {
        framework: { test: FRAMEWORK_MODULES, name: 'framework', chunks: 'all', enforce: true, priority: 40 },
        // react-dom apart from the rest (two files of about the same size): the two download side
        // by side, and neither is a long tail that ends after everything else has arrived, nor one
        // compile task.
        reactDom: {
          test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
          name: 'react-dom',
          chunks: 'all',
          enforce: true,
          priority: 45,
        },
        // The app's first chunk and a signed-in area's chunk whole, for the same reason: the
        // default split took the modules they share with later chunks (forms, dialogs) apart.
        bootstrap: { chunks: (chunk) => chunk.name === 'bootstrap', name: 'bootstrap', enforce: true, priority: 30 },
        areaAuth: { chunks: (chunk) => AUTH_AREA_CHUNKS.has(chunk.name), name: 'area-auth', enforce: true, priority: 30 },
        // Not in the area's file: the area's modules take these from the share scope, and with the
        // shell's provider of them in the area's own file, loading the area waited for itself.
        signedIn: { test: SIGNED_IN_MODULES, name: 'signed-in', chunks: 'all', enforce: true, priority: 35 },
      },
    },
    // dist/route-preloads.json: the area chunks the server preloads on a signed-in page.
    tools: { rspack: { plugins: [new RoutePreloadsPlugin()] } },
    dev: {
      watchFiles: {
        paths: REMOTE_DIRS.map((dir) => fileURLToPath(new URL(`../../${dir}/${REMOTE_DEV_OUTPUT}`, import.meta.url))),
        type: 'reload-page',
      },
    },
    server: {
      port: SHELL_DEV_PORT,
      strictPort: true,
      historyApiFallback: true,
      proxy: {
        '/api': proxyTarget,
        '/config.json': proxyTarget,
        '/media': proxyTarget,
        '/socket.io': { target: proxyTarget, ws: true },
      },
    },
  });
}

export { shellPrerenderConfig } from './prerender.mjs';
