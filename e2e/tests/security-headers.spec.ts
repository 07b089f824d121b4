import { expect, test } from '../support/fixtures';

// The page's Content-Security-Policy is in force in the browser, and the suite's guard (every test
// fails on a policy violation, see support/csp-guard.ts) really sees violations.

test('the page policy blocks an injected inline script, and the guard reports it', async ({ page, policyProblems }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  expect(policyProblems).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => policyProblems.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  expect(policyProblems.map((p) => p.what).join('\n')).toContain('script-src');
  // Expected here: emptied so that the guard lets this one test pass.
  policyProblems.length = 0;
});
