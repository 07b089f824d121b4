import type { Browser, BrowserContext } from '@playwright/test';

// Collects, from every page of a browser context, what the browser says about the security
// headers: Content-Security-Policy violations (the `securitypolicyviolation` DOM event, reported
// through a binding) and console errors and warnings about CSP or Permissions-Policy (Chromium
// warns about a feature it does not know). The fixtures fail the
// test on any, so a header that breaks a page cannot go unnoticed.

export interface PolicyProblem {
  page: string;
  what: string;
}

const BINDING = '__reportPolicyViolation';
const CONSOLE_PATTERN = /content[- ]security[- ]policy|permissions[- ]policy/i;

interface ViolationReport {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

const instrumented = new WeakSet<BrowserContext>();

export async function watchPolicies(context: BrowserContext, problems: PolicyProblem[]): Promise<void> {
  if (instrumented.has(context)) return;
  instrumented.add(context);
  await context.exposeBinding(BINDING, ({ page }, report: ViolationReport) => {
    problems.push({
      page: page.url(),
      what: `CSP ${report.directive} bloqueou ${report.blocked || '(inline)'} em ${report.source} ${report.sample}`.trim(),
    });
  });
  await context.addInitScript((binding) => {
    // Capture on the document: the event bubbles (and is composed) from the element that broke the rule.
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (r: unknown) => void>)[binding];
        report?.({ directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile, sample: event.sample });
      },
      true,
    );
  }, BINDING);
  context.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && CONSOLE_PATTERN.test(message.text())) {
      problems.push({ page: message.page()?.url() ?? '?', what: message.text() });
    }
  });
}

/**
 * Makes every context the test opens with `browser.newContext()` (a second member's window)
 * watched too, until the returned function restores the browser.
 */
export function watchNewContexts(browser: Browser, problems: PolicyProblem[]): () => void {
  const original = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original(...args);
    await watchPolicies(context, problems);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export function describeProblems(problems: readonly PolicyProblem[]): string {
  return `O navegador relatou ${problems.length} violação(ões) de política de segurança:\n${problems
    .map((p) => `  - ${p.page}: ${p.what}`)
    .join('\n')}`;
}
