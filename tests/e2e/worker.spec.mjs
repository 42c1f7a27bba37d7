// The web workers: the footer's round trip (the worker starts from the page's own directory,
// wherever that is, and computes a yield with the core), and what the page does when a worker
// cannot be loaded or dies — a message where the user looks, never a blank page or a progress
// bar that hangs.
import { test, expect } from '@playwright/test';
import { MOUNTS, expectCleanLog } from './helpers.mjs';

/** Opens `url` and records errors and requests. */
async function open(page, url) {
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
  const response = await page.goto(url);
  expect(response?.status(), `GET ${url}`).toBe(200);
  await expect(page.getByTestId('app')).toBeVisible();
  return log;
}

for (const { prefix, what } of MOUNTS) {
  test(`served as ${what}: the worker starts and computes a yield with the core`, async ({
    page,
  }) => {
    const log = await open(page, prefix);
    const status = page.getByTestId('worker-status');
    await expect(status).not.toHaveAttribute('data-state', 'starting');
    await expect(status, await status.textContent()).toHaveAttribute('data-state', 'ready');
    // Classifier A's yield of the factory example (Dyrland et al. 2022, eq. 3), computed in the worker.
    await expect(status).toContainText('3.5');
    // The worker was loaded from the page's own directory.
    expect(log.requests).toContain(new URL(`${prefix}mc_worker_loader.js`, page.url()).href);
    expect(log.requests.some((u) => u.endsWith(`${prefix}mc_worker_bg.wasm`))).toBe(true);
    expectCleanLog(log, new URL(page.url()).origin, prefix);
  });
}

test('a worker that cannot be loaded is reported; the page works and a run says why it failed', async ({
  page,
}) => {
  await page.route('**/mc_worker_loader.js', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
  );
  await page.goto('/#view=reliability&pairs=70000');
  const status = page.getByTestId('worker-status');
  await expect(status).toHaveAttribute('data-state', 'failed');
  await expect(status).toContainText('mc_worker_loader.js could not be loaded');
  await page.getByTestId('mc-run').click();
  const run = page.getByTestId('mc-status');
  await expect(run).toHaveAttribute('data-state', 'failed');
  await expect(run).toContainText('could not start');
  await expect(page.getByTestId('mc-bar')).toHaveCount(0);
  // The page still works: the Compare view computes.
  await page.goto('/#view=compare');
  await expect(page.getByTestId('yield-B')).toHaveText('\u22123.5');
});

test('a worker that dies during a run fails the run with a message, and the next run works', async ({
  page,
}) => {
  // A worker that says it is ready, then throws on the first task.
  let broken = true;
  await page.route('**/mc_worker_loader.js', (route) => {
    if (!broken) return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'postMessage({kind: "ready", version: "test"}); onmessage = () => { throw new Error("boom"); };',
    });
  });
  await page.goto('/#view=reliability&pairs=70000');
  await page.getByTestId('mc-run').click();
  const run = page.getByTestId('mc-status');
  await expect(run).toHaveAttribute('data-state', 'failed');
  await expect(run).toContainText('a background worker stopped');
  await expect(run).toContainText('boom');
  // Dead workers are replaced: with a sound worker the same run succeeds.
  broken = false;
  await page.getByTestId('mc-run').click();
  await expect(run).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('mis-accuracy')).toBeVisible();
});
