import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/product';
import { expect, test } from '../support/fixtures';

interface Figures {
  requests: number;
  totalKb: number;
  scriptKb: number;
  compressed: number;
}
interface Scenario {
  scenario: string;
  signIn: Figures;
  conversations: Figures;
}

/** The sign-in page's JavaScript budget, here as the bytes Chromium really receives. */
const SIGN_IN_JS_BUDGET_KB = 200;

// What Chromium really downloads on a first visit (`npm run transfer`, the script people run),
// against the build under test: the files arrive compressed, and the sign-in page's JS stays
// within its budget as transferred bytes.
test('a first visit downloads compressed files, and the sign-in JS within its budget', async () => {
  test.setTimeout(180_000);
  const output = execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/transfer.mjs'), '--json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env },
  });
  const [none, gzip, br] = JSON.parse(output) as Scenario[];
  for (const page of ['signIn', 'conversations'] as const) {
    expect(none![page].compressed, page).toBe(0);
    expect(br![page].compressed, page).toBeGreaterThan(br![page].requests / 2);
    expect(gzip![page].totalKb, page).toBeLessThan(none![page].totalKb * 0.5);
    expect(br![page].totalKb, page).toBeLessThan(gzip![page].totalKb);
  }
  expect(br!.signIn.scriptKb).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET_KB);
});
