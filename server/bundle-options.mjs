// How the server is bundled (esbuild): by build.mjs for dist/main.js, and by the load harness for
// its product child (bench/load/bundle-child.ts), so that the harness runs the code as
// production does. Workspace packages (@chat/*) are TypeScript source, so they are bundled in;
// every other dependency stays an ordinary import from node_modules.

const externalExceptWorkspace = {
  name: 'external-except-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@chat/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** esbuild options for one entry point bundled into `outfile` (an ES module for Node 20). */
export function serverBundleOptions(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalExceptWorkspace],
  };
}
