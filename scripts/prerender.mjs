#!/usr/bin/env node
// Trunk post-build step (run by scripts/post-build.mjs, after css.mjs, before csp.mjs): puts the
// first page of the plain link — Compare on the factory example, as the app draws it before its
// first chunk arrives — into index.html, so a phone shows the answer while the main wasm is
// still on its way (issue 29: 0.5 s instead of 1.5 s at Fast 3G).
//
// The page is drawn by the app itself, never by hand: the build just made is served from the
// staging folder, opened in headless Chromium (Debian's /usr/bin/chromium, or $CHROMIUM; the
// same browser as the end-to-end tests; scripts/setup.sh installs it) with every chunk held back
// (so its parts say "Loading …", as the app's first frame does), and its DOM is copied once the
// yields are on screen. The copy goes into a <template>; a small inline script shows it only
// when the link has no state of its own (no query, no hash, or the factory's own Compare link),
// with the colour theme the user chose in the header (local storage), and otherwise leaves the
// "Loading Utility Lab…" line. The app removes the copy when it starts (crates/ui/src/lib.rs)
// and mounts the same page in the same task, so nothing moves (and the focus stays where it
// was). In the copy every button is disabled (nothing could answer it before the app runs: a
// click does nothing) and the root carries `data-prerendered`; the view links are plain links
// to each view and work at once; the skip link moves the focus as the app's does. If the app
// cannot start, the loader says so in the copy's place (scripts/app.mjs).
//
// Release builds only (as csp.mjs). Usage outside Trunk:
//   node scripts/prerender.mjs DIR [--public-url /some/path/]
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../tests/e2e/serve.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = args[0] && !args[0].startsWith('--') ? args[0] : process.env.TRUNK_STAGING_DIR;
if (!dir) fail('no directory: pass one, or run as a Trunk hook (TRUNK_STAGING_DIR)');
if (dir === process.env.TRUNK_STAGING_DIR && process.env.TRUNK_PROFILE !== 'release') {
  console.log('prerender.mjs: debug build, no first page written');
  process.exit(0);
}
const publicUrl = flag('public-url') ?? process.env.TRUNK_PUBLIC_URL ?? './';
// The page fetches its wasm from its own origin only (the CSP's connect-src 'self').
if (/^[a-z][a-z0-9+.-]*:/i.test(publicUrl)) fail(`a public URL with an origin (${publicUrl}) is not supported: use a path (/app/) or ./`);
// Where the page expects to be served: its own absolute base, or anywhere (relative URLs).
const prefix = publicUrl.startsWith('/') ? publicUrl.replace(/\/?$/, '/') : '/';
const file = path.join(dir, 'index.html');
const html = readFileSync(file, 'utf8');
if (html.includes('id="first-page"')) fail(`${file} already has a first page`);
if (!html.includes('id="boot"')) fail(`${file}: no loading line (id="boot") to put the first page beside`);

const server = await startServer({ port: 0, host: '127.0.0.1', mounts: [{ prefix, dir }] });
const origin = `http://127.0.0.1:${server.address().port}`;
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
} catch (e) {
  server.close();
  fail(`cannot start Chromium (${String(e).split('\n')[0]}): run scripts/setup.sh, or set CHROMIUM`);
}
let snapshot;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Every chunk held back (never answered, so its parts stay "Loading …"), and no service worker.
  await page.route(/\.wasm$/, (route) => {
    if (/\/utility-lab_bg\.wasm$/.test(route.request().url())) route.continue();
  });
  await page.route(/\/sw\.js$/, (route) => route.abort());
  await page.goto(`${origin}${prefix}`);
  await page.waitForFunction(() => document.querySelector("[data-testid='yield-A']")?.textContent.trim(), null, {
    timeout: 60000,
  });
  snapshot = await page.evaluate(() => {
    const app = document.querySelector("[data-testid='app']");
    const compare = app.querySelector('a[data-view="compare"]');
    return { html: app.outerHTML, link: compare?.getAttribute('href') ?? null };
  });
  if (errors.length) fail(`the page failed: ${errors.join(' | ')}`);
} finally {
  await browser.close();
  server.close();
}
if (!snapshot.link?.startsWith('#')) fail("the page's Compare link was not found");

const page = snapshot.html
  // Leptos's markers (empty comments, and the whitespace of the view! macro's comments).
  .replace(/<!--[\s\S]*?-->/g, '')
  // Nothing answers a button until the app runs.
  .replace(/<button\b/g, '<button disabled')
  .replace(/^<div\b/, '<div data-prerendered=""');
if (/<script\b/i.test(page)) fail('the first page holds a script');

// The theme toggle's labels (crates/ui/src/theme.rs, ThemeChoice::label and ::icon).
const show = `(() => {
  const link = ${JSON.stringify(snapshot.link)};
  if (location.search || (location.hash.length > 1 && location.hash !== link)) return;
  const boot = document.getElementById("boot");
  const page = document.getElementById("first-page").content.firstElementChild;
  let theme = null;
  try { theme = localStorage.getItem("utility-lab-theme"); } catch (e) {}
  if (theme === "light" || theme === "dark") {
    document.documentElement.dataset.theme = theme;
    const toggle = page.querySelector("[data-testid='theme-toggle']");
    const label = theme === "light" ? "Theme: light" : "Theme: dark";
    toggle.dataset.theme = theme;
    toggle.setAttribute("aria-label", label + " (click to change)");
    toggle.firstElementChild.textContent = theme === "light" ? "\\u2600" : "\\u263e";
    toggle.lastElementChild.textContent = label;
  }
  // The skip link moves the focus as the app's does, without touching the link.
  page.querySelector(".skip-link")?.addEventListener("click", (e) => {
    e.preventDefault();
    document.getElementById("main")?.focus();
  });
  if (boot) boot.replaceWith(page);
})();`;
const out = html.replace(
  /<p class="boot" id="boot"[^>]*>[\s\S]*?<\/p>/,
  (boot) =>
    `${boot}\n    <!-- The first page of the plain link, drawn by this build (scripts/prerender.mjs). -->\n    <template id="first-page">${page}</template>\n    <script>${show}</script>`,
);
if (out === html) fail(`${file}: the loading line (<p class="boot" id="boot">) was not found`);
writeFileSync(file, out);
console.log(`prerender.mjs: ${file}: first page written (${page.length} bytes, link ${snapshot.link.slice(0, 40)}…)`);

function fail(message) {
  console.error(`prerender.mjs: ${message}`);
  process.exit(1);
}
