import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { REMOTE_NAMES, REMOTE_ROLES, remoteForPath, type AppConfig, type RemoteName } from '@chat/contracts';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';
import { scriptSafeJson } from './script-safe-json';
import { SESSION_GATE_ELEMENT } from './session-gate';

// The shell's index.html as the server sends it for a page path (no waterfall). Two
// things are written into the built file, once at startup:
// - the runtime configuration, as a JSON data block: the shell's first script reads it instead of
//   asking /config.json (one round trip less before anything can start). A data block is not
//   executed, so the CSP's script-src stays 'self' with no hash or nonce.
// - for a path a remote owns, preload links for that remote's manifest, entry and the chunks its
//   ./App needs first, read from its mf-manifest.json: the browser fetches them alongside the
//   shell's script instead of one after the other.
// - on a page of the signed-in /auth area, preload links for the shell's own chunks that area
//   needs (its layout, the remote's slot, the shared modules they use), listed by the shell's
//   build in shell/dist/route-preloads.json: without them the browser would only discover them
//   once the shell's main script has run. No file (dev, an older build): no links.
// - for '/', the sign-in page the shell's build rendered to static HTML (shell/dist-prerender), so
//   it paints before the app's script runs; the app's first render replaces it.
// /index.html itself stays the built file: the service worker precaches that URL, and a cached
// copy must not freeze a configuration that may point a remote elsewhere on the next deploy.

/** One variant of the page, compressed once here, never per request. */
export interface IndexPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Of the uncompressed page; each encoding gets its own suffix (a strong validator per representation). */
  etag: string;
}

/** What the ./App of a remote needs first, from the manifest the remote's build wrote. */
interface ManifestEntry {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** `"` and `&` in an attribute value; the URLs come from the deployment's own configuration. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Preload links for one remote. Its manifest is fetched by the Module Federation runtime with
 * fetch() (CORS mode, hence crossorigin); its entry and chunks are classic scripts it inserts
 * without a crossorigin attribute, so their preloads carry none either, or the browser would
 * download them twice. Only a remote built beside this server (its manifest URL under
 * /remotes/<name>/) has a manifest to read here; one served from elsewhere (REMOTE_<NAME>_URL)
 * gets its manifest preloaded and nothing more.
 */
export function remotePreloads(name: RemoteName, manifestUrl: string, webRoot: string): string[] {
  const links = [`<link rel="preload" href="${attribute(manifestUrl)}" as="fetch" crossorigin="anonymous">`];
  const localBase = `/remotes/${name}/`;
  const manifestFile = path.join(webRoot, `remote-${name}`, 'dist', 'mf-manifest.json');
  if (manifestUrl !== `${localBase}mf-manifest.json` || !existsSync(manifestFile)) return links;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestEntry;
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.path === './App');
  const scripts = [...(entry?.name ? [`${entry.path ?? ''}${entry.name}`] : []), ...(app?.assets?.js?.sync ?? [])];
  for (const file of scripts) links.push(`<link rel="preload" href="${attribute(localBase + file)}" as="script">`);
  for (const file of app?.assets?.css?.sync ?? []) links.push(`<link rel="preload" href="${attribute(localBase + file)}" as="style">`);
  return links;
}

/** The area whose shell chunks the page of a signed-in member preloads. */
const PRELOADED_AREA = '/auth';

/**
 * Preload links for the shell chunks of an area, from the build's route-preloads.json ({ "/auth":
 * ["/static/js/async/...js", ..., "/static/css/async/...css"] }, scripts largest first), and their
 * stylesheets written into the page (inlineStylesheet). The webpack runtime inserts them as classic
 * scripts without crossorigin, so the links carry none (one download each). High priority and
 * before the remote's links: the largest of them (react, react-dom, the router) is the longest
 * download of a signed-in page's first visit, and on a phone it was last to start and last to end
 * when these were low priority (Lighthouse's simulation of the conversations page).
 */
export function areaPreloads(routePreloadsFile: string, area: string = PRELOADED_AREA): string[] {
  if (!existsSync(routePreloadsFile)) return [];
  const parsed = JSON.parse(readFileSync(routePreloadsFile, 'utf8')) as Record<string, unknown>;
  const files = parsed[area];
  if (!Array.isArray(files)) return [];
  return files
    .filter((file): file is string => typeof file === 'string' && file.startsWith('/') && !file.startsWith('//'))
    .map((file) =>
      file.endsWith('.css')
        ? (inlineStylesheet(file, path.dirname(routePreloadsFile)) ?? `<link rel="preload" href="${attribute(file)}" as="style">`)
        : `<link rel="preload" href="${attribute(file)}" as="script" fetchpriority="high">`,
    );
}

/**
 * A shell chunk's stylesheet written into the page as `<style data-href="<its path>">`: before it
 * inserts a chunk's <link rel="stylesheet">, the webpack runtime looks for a <style> of that
 * data-href (CssExtractRspackPlugin's findStylesheet) and, finding it, asks for nothing. On a
 * phone's first visit the two small files of /auth were two of the six connections' first
 * requests, at the highest priority, ahead of the scripts (Lighthouse's simulation of
 * the conversations page: inlining them lowers the LCP). Null, and a preload link instead, for a
 * file the build does not have (dev, an older build) or whose text depends on its own URL or could
 * end the element (url(), @import, </style).
 */
function inlineStylesheet(file: string, distDir: string): string | null {
  const full = path.join(distDir, file);
  if (!full.startsWith(`${distDir}${path.sep}`) || !existsSync(full)) return null;
  const css = readFileSync(full, 'utf8');
  if (/url\(|@import|<\/style/i.test(css)) return null;
  return `<style data-href="${attribute(file)}">${css}</style>`;
}

/**
 * The built index.html with the given inline scripts, the configuration block and the given links
 * before </head> (after the shell's deferred script tag, which the browser should ask for first).
 * The scripts come first, so that what they start leaves as soon as the parser reaches the head's
 * end (the preload scanner has asked for the links' files by then either way). A page without a
 * head gets them at its end: the deferred script still runs after they are parsed.
 */
export function renderIndexHtml(template: string, config: AppConfig, links: readonly string[], scripts: readonly string[] = []): string {
  const block = `<script type="application/json" id="app-config">${scriptSafeJson(config)}</script>`;
  const head = template.lastIndexOf('</head>');
  const at = head < 0 ? template.length : head;
  return `${template.slice(0, at)}${scripts.join('')}${block}${links.join('')}${template.slice(at)}`;
}

/** The shell's static sign-in page (packages/build-config/prerender.mjs writes it). */
interface Prerendered {
  css: string;
  html: string;
}

/**
 * The page for '/' with the static sign-in page in it: its CSS in the head (inline, so nothing
 * more blocks the first paint), its markup in #root. The inline session gate (session-gate.ts)
 * marks a visitor who has a stored session before the body is parsed, and the style hides the
 * static page for them: the app sends them on, and they must not see a sign-in form flash first.
 */
export function renderSignInHtml(template: string, prerendered: Prerendered): string | null {
  const root = '<div id="root"></div>';
  const head = template.lastIndexOf('</head>');
  if (!template.includes(root) || head < 0 || /<\/style/i.test(prerendered.css)) return null;
  const hide = 'html[data-stored-session] [data-prerendered]{display:none}';
  const headAdditions = `${SESSION_GATE_ELEMENT}<style>${prerendered.css}${hide}</style>`;
  const withHead = `${template.slice(0, head)}${headAdditions}${template.slice(head)}`;
  return withHead.replace(root, `<div id="root">${prerendered.html}</div>`);
}

function readPrerendered(file: string): Prerendered | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Prerendered>;
  return typeof parsed.css === 'string' && typeof parsed.html === 'string' ? { css: parsed.css, html: parsed.html } : null;
}

function compressed(html: string): IndexPage {
  const body = Buffer.from(html);
  return {
    html: body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(body, { level: zlib.Z_BEST_COMPRESSION }),
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 22),
  };
}

/**
 * Every variant of the page, built once: one per remote (with its preloads), one for '/' with the
 * static sign-in page, and one for the other paths (the public pages, which need no remote).
 * Returns the lookup by path.
 */
export function buildIndexPages(shellIndexFile: string, config: AppConfig, webRoot: string): (pathname: string) => IndexPage {
  const template = readFileSync(shellIndexFile, 'utf8');
  const plain = compressed(renderIndexHtml(template, config, []));
  // Only the areas every member may open: the page is the same for any visitor (the server does
  // not know who asks), and a member must never be sent the team's or the ROOT's code.
  const forEveryMember = REMOTE_NAMES.filter((name) => REMOTE_ROLES[name].includes('USER'));
  const area = areaPreloads(path.join(path.dirname(shellIndexFile), 'route-preloads.json'));
  const byRemote = new Map(
    forEveryMember.map((name) => {
      const links = [...area, ...remotePreloads(name, config.remotes[name], webRoot)];
      const firstCalls = FIRST_CALLS_SCRIPTS[name];
      return [name, compressed(renderIndexHtml(template, config, links, firstCalls ? [firstCalls.element] : []))];
    }),
  );
  // Other /auth paths (/auth itself, the admin's /auth/team): the area's chunks, no remote's.
  const authPlain = area.length > 0 ? compressed(renderIndexHtml(template, config, area)) : plain;
  // The static page shows the links a production origin hides (docs/produto.md, Funcionalidades por
  // workspace, decided by the page's origin in the browser): with PRODUCTION_ORIGIN set, '/' is the
  // plain page, so the app's render never removes a link the visitor already saw.
  const prerendered = config.flags.productionOrigin
    ? null
    : readPrerendered(path.join(path.dirname(shellIndexFile), '..', 'dist-prerender', 'sign-in.json'));
  const signInHtml = prerendered && renderSignInHtml(renderIndexHtml(template, config, []), prerendered);
  const signIn = signInHtml ? compressed(signInHtml) : plain;
  return (pathname) => {
    if (pathname === '/') return signIn;
    const remote = remoteForPath(pathname);
    const inArea = pathname === PRELOADED_AREA || pathname.startsWith(`${PRELOADED_AREA}/`);
    return (remote && byRemote.get(remote)) || (inArea ? authPlain : plain);
  };
}
