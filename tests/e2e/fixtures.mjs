// The `test` every spec imports: Playwright's, with one automatic check added to every test —
// the page's Content-Security-Policy (scripts/csp.mjs) was never violated. Any
// `securitypolicyviolation` event, or Chromium's console report of one, in any page of the
// test's browser context fails the test after it has run.
import { test as base, expect } from '@playwright/test';

export { expect };

export const test = base.extend({
  context: async ({ context }, use) => {
    const violations = [];
    await context.addInitScript(() => {
      window.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`,
        );
      });
    });
    context.on('console', (msg) => {
      const text = msg.text();
      if (/securitypolicyviolation|Content Security Policy/.test(text)) violations.push(text);
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
