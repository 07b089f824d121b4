import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as reactRouterDom from 'react-router-dom';

// The apps share react-router through packages/build-config/react-router-client.mjs, which
// re-exports only the names they use (tree-shaking the rest out of the first download). A name
// imported from react-router(-dom) but missing there would be undefined at run time in the
// product (the build itself cannot tell), so every import in the apps is checked against it.
const REPO = join(__dirname, '../../../..');
const APP_SOURCES = ['shell/src', 'remote-chat/src', 'remote-team/src', 'remote-settings/src', 'remote-root/src', 'packages/ui/src'];

// The static sign-in page's entry is built apart, without Module Federation, and run once in Node
// at build time (packages/build-config/prerender.mjs): it imports react-router-dom itself.
const NOT_IN_THE_BROWSER = new Set(['shell/src/prerender.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (NOT_IN_THE_BROWSER.has(relative(REPO, path))) return [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importedNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+'react-router(?:-dom)?'/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const client = readFileSync(join(REPO, 'packages/build-config/react-router-client.mjs'), 'utf8');
const shared = new Set(
  /export\s*\{([^}]+)\}/
    .exec(client)![1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

describe('the shared react-router client', () => {
  it('re-exports every name the apps import from react-router(-dom)', () => {
    const missing = APP_SOURCES.flatMap((dir) =>
      sourceFiles(join(REPO, dir)).flatMap((file) =>
        importedNames(readFileSync(file, 'utf8'))
          .filter((name) => !shared.has(name))
          .map((name) => `${name} (${relative(REPO, file)})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('lists only names react-router really exports', () => {
    for (const name of shared) expect(reactRouterDom[name as keyof typeof reactRouterDom], name).toBeDefined();
  });
});
