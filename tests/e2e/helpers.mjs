// Shared helpers of the end-to-end tests.
import { expect } from '@playwright/test';

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
  return log;
}

/** Waits for the web worker's round trip to finish, and checks that it succeeded. */
export async function expectWorkerReady(page) {
  const status = page.getByTestId('worker-status');
  await expect(status).not.toHaveAttribute('data-state', 'starting');
  await expect(status, await status.textContent()).toHaveAttribute('data-state', 'ready');
  return status;
}

/** Asserts that nothing went wrong while `log` was recorded. */
export function expectCleanLog(log, origin, prefix) {
  expect(log.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(log.consoleErrors, 'console errors').toEqual([]);
  expect(log.failed, 'failed requests').toEqual([]);
  expect(log.badResponses, 'HTTP errors').toEqual([]);
  expect(log.requests.length).toBeGreaterThan(0);
  for (const url of log.requests) {
    const u = new URL(url);
    expect(u.origin, `request to another origin: ${url}`).toBe(origin);
    expect(u.pathname.startsWith(prefix), `request outside ${prefix}: ${url}`).toBe(true);
  }
}
