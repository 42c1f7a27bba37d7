// Shared helpers of the end-to-end tests.
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Where tests/e2e/serve.mjs serves the built page (see playwright.config.mjs). */
export const MOUNTS = [
  { prefix: '/', what: 'dist/ at the root' },
  { prefix: '/nested/deeper/', what: 'dist/ (relative URLs) from a sub-path' },
  { prefix: '/some/path/', what: 'dist-subpath/ (--public-url /some/path/)' },
];

/** The typographic minus sign the UI writes for negative numbers. */
export const MINUS = '\u2212';

/**
 * Opens the app at `prefix` and records everything that would make it fail quietly: console
 * errors, uncaught exceptions, every request (with its origin) and failed or non-2xx responses.
 */
export async function openApp(page, prefix, { colorScheme } = {}) {
  const log = { consoleErrors: [], pageErrors: [], requests: [], badResponses: [], failed: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.context().on('request', (request) => log.requests.push(request.url()));
  page.context().on('requestfailed', (request) =>
    log.failed.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  page.context().on('response', (response) => {
    if (response.status() >= 400) log.badResponses.push(`${response.status()} ${response.url()}`);
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  const response = await page.goto(prefix);
  expect(response?.status(), `GET ${prefix}`).toBe(200);
  // The app is mounted and the core has computed the example.
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await expectPartsLoaded(page);
  return log;
}

/**
 * Waits until every part of the page loaded on demand (crates/ui/src/lazy.rs: the editors, the metrics
 * table, the chart, the share bar, a view) is on screen: no "Loading …" line is left.
 */
export async function expectPartsLoaded(page) {
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
}

/**
 * Waits until the footer's status of the background workers is `state` ('idle' before a view
 * needs them, 'ready' once they have started), and returns it.
 */
export async function expectWorkerStatus(page, state) {
  const status = page.getByTestId('worker-status');
  await expect(status).not.toHaveAttribute('data-state', 'starting');
  await expect(status, await status.textContent()).toHaveAttribute('data-state', state);
  return status;
}

/** Asserts that nothing went wrong while `log` was recorded. */
export function expectCleanLog(log, origin, prefix) {
  expect(log.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(log.consoleErrors, 'console errors').toEqual([]);
  // The browser's own fetch of the favicon can be cut short by a navigation of the page (a
  // step link, a view link): not a failure of the page.
  const failed = log.failed.filter((f) => !/\/favicon-[0-9a-f]+\.svg: net::ERR_ABORTED$/.test(f));
  expect(failed, 'failed requests').toEqual([]);
  expect(log.badResponses, 'HTTP errors').toEqual([]);
  expect(log.requests.length).toBeGreaterThan(0);
  for (const url of log.requests) {
    const u = new URL(url);
    expect(u.origin, `request to another origin: ${url}`).toBe(origin);
    expect(u.pathname.startsWith(prefix), `request outside ${prefix}: ${url}`).toBe(true);
  }
}

/**
 * Replaces the browser's clipboard (before the page loads) by one whose writes wait for the
 * test: `pending()` counts the writes asked for, `resolve(n)` / `reject(n, message)` settle the
 * `n`-th (from 0), as the browser would once it has copied or when it refuses.
 */
export async function holdClipboard(page) {
  await page.addInitScript(() => {
    window.__copies = [];
    Clipboard.prototype.writeText = function (text) {
      return new Promise((resolve, reject) => window.__copies.push({ text, resolve, reject }));
    };
  });
  return {
    pending: () => page.evaluate(() => window.__copies.length),
    text: (n) => page.evaluate((k) => window.__copies[k].text, n),
    resolve: (n) => page.evaluate((k) => window.__copies[k].resolve(), n),
    reject: (n, message) =>
      page.evaluate(
        ([k, m]) => window.__copies[k].reject(new DOMException(m, 'NotAllowedError')),
        [n, message],
      ),
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A and AA rules over the page as it is: the violations, one line each
 * (rule, impact, how many elements, what it asks, the first three elements). The script is
 * evaluated by the test, so the page's Content-Security-Policy allows it. `rules`: more rules
 * by name, run too — axe's experimental ones are off otherwise (e.g.
 * `label-content-name-mismatch`, WCAG 2.5.3).
 */
export async function wcagViolations(page, { rules = [] } = {}) {
  await page.evaluate(axeSource);
  const run = (only) =>
    page.evaluate(
      (runOnly) => window.axe.run(document, { runOnly, resultTypes: ['violations'] }),
      only,
    );
  const result = await run({ type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  if (rules.length > 0) {
    result.violations.push(...(await run({ type: 'rule', values: rules })).violations);
  }
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ` +
      v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | '),
  );
}
