// The shell's static sign-in page: a second, small build of src/prerender.tsx, run
// after the shell's own, whose bundle is executed once in Node to write the page's HTML and the
// CSS it needs into dist-prerender/sign-in.json ({ css, html }; the server reads it by that
// path, server/src/modules/web/index-page.ts) for the page it sends for '/'. Built without Module Federation (it never runs in a browser) but from
// the same sources and root as the shell, so its CSS-module class names are the shell's.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const PRERENDER_DIR = 'dist-prerender';
const PRERENDER_FILE = 'sign-in.json';

/** Only the files this build writes, read back from its output: one JS bundle and its CSS. */
function only(dir, extension) {
  const files = readdirSync(dir).filter((file) => file.endsWith(extension));
  if (files.length !== 1) throw new Error(`prerender: expected one ${extension} file in ${dir}, found ${files.length}`);
  return join(dir, files[0]);
}

/** After the build: renders the page in Node and writes it with its CSS. */
function pluginWritePrerender() {
  return {
    name: 'chat:write-prerender',
    setup(api) {
      api.onAfterBuild(() => {
        const { distPath } = api.context;
        const bundle = only(join(distPath, 'static', 'js'), '.cjs');
        // In a child process: React's scheduler leaves a MessageChannel open, which would keep
        // the build's own process alive after it is done.
        const render = `process.stdout.write(require(${JSON.stringify(bundle)}).renderSignInPage()); process.exit(0);`;
        const markup = execFileSync(process.execPath, ['-e', render], { encoding: 'utf8' });
        const css = readFileSync(only(join(distPath, 'static', 'css'), '.css'), 'utf8');
        writeFileSync(join(distPath, PRERENDER_FILE), `${JSON.stringify({ css, html: markup })}\n`);
      });
    },
  };
}

/** Rsbuild config of the shell's prerender build (shell/rsbuild.prerender.config.ts). */
export function shellPrerenderConfig() {
  return defineConfig({
    plugins: [pluginReact(), pluginWritePrerender()],
    source: { entry: { prerender: './src/prerender.tsx' } },
    output: {
      target: 'web',
      distPath: { root: PRERENDER_DIR },
      cleanDistPath: true,
      filenameHash: false,
      // CommonJS for Node's require(); .cjs because the shell's package.json says "type": "module".
      filename: { js: '[name].cjs' },
      // One file for Node to require, no chunks to load.
      minify: { css: true, js: false },
    },
    server: { publicDir: false },
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: {
      htmlPlugin: false,
      rspack: { output: { library: { type: 'commonjs2' } } },
    },
  });
}
