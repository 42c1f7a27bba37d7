// The Content-Security-Policy written by scripts/csp.mjs (a Trunk post-build hook): present in
// both builds, allowing Trunk's inline loader by its hash, and enforced by the browser — a
// request to another origin and an injected inline script are refused. (Every other spec fails on any violation:
// see fixtures.mjs.)
import { test, expect } from './fixtures.mjs';
import { createHash } from 'node:crypto';
import { MOUNTS } from './helpers.mjs';

for (const { prefix, what } of MOUNTS) {
  test(`the page carries its policy, with the loader's hash (${what})`, async ({ request }) => {
    const html = await (await request.get(`${prefix}index.html`)).text();
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/);
    expect(meta, 'a CSP <meta>').not.toBeNull();
    const policy = Object.fromEntries(
      meta[1].split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    // The policy comes before the loader, and names its exact hash.
    const loader = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
    expect(loader).toHaveLength(1);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(loader[0].index);
    const hash = createHash('sha256').update(loader[0][1], 'utf8').digest('base64');
    expect(policy['script-src']).toContain(`'sha256-${hash}'`);
  });
}

test('the browser refuses other origins and injected scripts', async ({ browser }) => {
  // Its own context: the violations here are expected, not failures.
  const context = await browser.newContext();
  const page = await context.newPage();
  const reports = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/.test(msg.text())) reports.push(msg.text());
  });
  await page.goto('/#view=compare');
  await expect(page.getByTestId('yield-A')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    let fetched = 'fetched';
    try {
      await fetch('https://example.com/');
    } catch {
      fetched = 'refused';
    }
    // An injected inline script (what an HTML injection would try) does not run.
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { fetched, injected: window.__injected === true, seen };
  });
  expect(outcome.fetched).toBe('refused');
  expect(outcome.injected).toBe(false);
  expect(outcome.seen).toEqual(expect.arrayContaining(['connect-src', 'script-src-elem']));
  expect(reports.length).toBeGreaterThan(0);
  await context.close();
});
