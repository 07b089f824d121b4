import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/product';
import { expect, test } from '../support/fixtures';

interface Figures {
  budgetKb: number;
  shellInitialJsGzipKb: number;
  remotes: { remote: string; entryGzipKb: number; ownChunksGzipKb: number; totalGzipKb: number; budgetKb: number }[];
}

// The first-load budgets (docs/desempenho.md, Metas), measured by the same script people run (`npm
// run sizes`) on the build under test: the shell's first download (the sign-in page) and what each
// remote adds on its route.
test('the sign-in page downloads at most 170 kB of gzipped JS, and each remote stays within its budget', async () => {
  test.setTimeout(120_000);
  let output: string;
  try {
    output = execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/sizes.mjs'), '--no-build', '--json'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env },
    });
  } catch (error) {
    // Over budget: the script still printed its figures before exiting with 1.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const figures = JSON.parse(output) as Figures;
  expect(figures.budgetKb).toBe(170);
  expect(figures.shellInitialJsGzipKb).toBeGreaterThan(50);
  expect(figures.shellInitialJsGzipKb).toBeLessThanOrEqual(170);
  expect(figures.remotes.map((r) => r.remote).sort()).toEqual(['chat', 'root', 'settings', 'team']);
  expect(Object.fromEntries(figures.remotes.map((r) => [r.remote, r.budgetKb]))).toEqual({ chat: 62, team: 113, settings: 22, root: 82 });
  for (const remote of figures.remotes) {
    expect(remote.entryGzipKb, `${remote.remote}: remoteEntry`).toBeGreaterThan(0);
    // The shell provides the Module Federation runtime: an entry that carried its own copy again
    // would be well over this bound.
    expect(remote.entryGzipKb, `${remote.remote}: remoteEntry without its own MF runtime`).toBeLessThan(20);
    expect(remote.ownChunksGzipKb, `${remote.remote}: its ./App`).toBeGreaterThan(0);
    expect(remote.totalGzipKb, `${remote.remote}: what it adds on its route`).toBeLessThanOrEqual(remote.budgetKb);
  }
});
