import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/product';
import { expect, test } from '../support/fixtures';

// The budget of the shell's first download (issue: <= 200 kB gzip of JS on the sign-in page),
// measured by the same script people run (`npm run sizes`) on the build under test.
test('the sign-in page downloads at most 200 kB of gzipped JS', async () => {
  test.setTimeout(120_000);
  const output = execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/sizes.mjs'), '--no-build', '--json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env },
  });
  const figures = JSON.parse(output) as { budgetKb: number; shellInitialJsGzipKb: number; remotes: { remote: string; entryGzipKb: number }[] };
  expect(figures.budgetKb).toBe(200);
  expect(figures.shellInitialJsGzipKb).toBeGreaterThan(50);
  expect(figures.shellInitialJsGzipKb).toBeLessThanOrEqual(200);
  for (const remote of figures.remotes) expect(remote.entryGzipKb).toBeGreaterThan(0);
});
