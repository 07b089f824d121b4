// Which of the shell's own async chunks each signed-in area needs on a page load (the
// /auth layout, the remote's slot, the guards and the shared modules they consume), written after
// a production build as dist/route-preloads.json. The server reads it and adds preload links to
// the page of that area, so the browser downloads these chunks beside the shell's main script
// instead of discovering them one after another once it runs. The areas' dynamic imports carry a
// webpackChunkName (shell/src/features/areas/area-modules.ts, and the app's bootstrap in
// shell/src/index.ts), which names their chunk groups.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Path prefix -> the named chunk groups its first render loads. */
export const AREA_CHUNK_GROUPS = {
  '/auth': ['bootstrap', 'area-auth', 'area-remote-route'],
  '/root': ['bootstrap', 'area-root', 'area-remote-route'],
};

const originName = (origin) => `${origin.moduleName ?? ''} ${origin.module ?? ''}`;
const isConsumeShared = (origin) => /consume[ -]shared/i.test(originName(origin));
const isProvideShared = (origin) => /provide[ -]shared/i.test(originName(origin));

/**
 * The files of the named groups, plus the chunks of the shared modules: those their chunks
 * consume (followed transitively; not a chunk that holds only a consume's fallback, which the
 * page never runs: preloading those was pure waste on the signed-in page), and the shell's provided
 * singletons (react, react-dom, the router, the workspace singletons: a signed-in area uses every
 * one of them, and Module Federation loads each from a chunk of its own through the share scope).
 * Their .js files, the largest chunk first, then their .css files; each once.
 */
export function routePreloads(statsJson, areas = AREA_CHUNK_GROUPS, publicPath = '/') {
  const chunks = new Map(statsJson.chunks.map((chunk) => [chunk.id, chunk]));
  const result = {};
  for (const [prefix, groupNames] of Object.entries(areas)) {
    const provided = statsJson.chunks
      .filter((chunk) => chunk.origins?.length && chunk.origins.every(isProvideShared))
      .map((chunk) => chunk.id);
    const pending = [...groupNames.flatMap((name) => statsJson.namedChunkGroups?.[name]?.chunks ?? []), ...provided];
    const seen = new Set();
    while (pending.length > 0) {
      const id = pending.shift();
      if (seen.has(id) || !chunks.has(id)) continue;
      seen.add(id);
      for (const childId of chunks.get(id).children ?? []) {
        const origins = chunks.get(childId)?.origins ?? [];
        // A chunk that only holds a consume's fallback is loaded when no app on the page
        // provides the module; the shell provides every shared module, so it never is.
        if (origins.some(isConsumeShared) && !origins.every(isConsumeShared)) pending.push(childId);
      }
    }
    // Largest first: the page asks for them in this order, and the longest download should not
    // start last.
    const bySize = [...seen]
      .map((id) => chunks.get(id))
      .sort((a, b) => (b.size ?? 0) - (a.size ?? 0) || String(a.id).localeCompare(String(b.id)));
    const files = bySize.flatMap((chunk) => chunk.files ?? []);
    // The chunks' stylesheets too: the webpack runtime asks for a chunk's CSS only once that
    // chunk's script has run, and waits for it before running the chunk's modules, so the area's
    // first render waited for one more round trip per chunk (bootstrap.css and
    // area-auth.css started after the scripts had run, on the conversations page's LCP path).
    const scripts = files.filter((file) => file.endsWith('.js'));
    const styles = files.filter((file) => file.endsWith('.css'));
    result[prefix] = [...new Set([...scripts, ...styles])].map((file) => `${publicPath}${file}`);
  }
  return result;
}

/** An rspack plugin: writes the file after each production build of the shell. */
export class RoutePreloadsPlugin {
  apply(compiler) {
    if (compiler.options.mode !== 'production') return;
    compiler.hooks.done.tap('RoutePreloadsPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true, chunkRelations: true, chunkGroups: true, ids: true });
      const publicPath =
        typeof compiler.options.output.publicPath === 'string' && compiler.options.output.publicPath !== 'auto'
          ? compiler.options.output.publicPath
          : '/';
      const outputDir = compiler.options.output.path;
      mkdirSync(outputDir, { recursive: true });
      writeFileSync(
        path.join(outputDir, ROUTE_PRELOADS_FILE),
        `${JSON.stringify(routePreloads(json, AREA_CHUNK_GROUPS, publicPath), null, 2)}\n`,
      );
    });
  }
}
