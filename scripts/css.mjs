#!/usr/bin/env node
// Trunk post-build step (run by scripts/post-build.mjs, after app.mjs): the page's stylesheets
// as two files, the first page's and the other views'.
//
// index.html lists one stylesheet per part of crates/ui (style/app.css says what each holds), and
// Trunk writes each as a hashed file with its own <link>. A page with twelve stylesheets makes
// twelve requests before it can run its script; over HTTP/1.1 (six connections per host) they
// queue in three waves, each a round trip, and the app's wasm waits behind them (on a phone
// network, ~0.4 s of a cold load). This step joins them, in the page's order (the order
// matters: later rules win), into `style-<hash>.css` (SHA-256 of the joined text, 16 hex
// digits: a new build never meets an old file in a cache), links it where the first one was
// (with its Subresource Integrity hash, as Trunk writes its links), drops the other links and
// deletes the separate files.
//
// Two files, not one: the links after index.html's comment "loaded after the first page" (the
// other views' stylesheets and the handout's) are joined into `views-<hash>.css`, linked
// where the first of them was, `disabled` and with the id `views-css`. A browser does not
// fetch a disabled stylesheet; the app enables it once the first page is painted
// (crates/ui/src/web/views_css.rs), and every view loaded on demand waits for it. On a phone network
// (1.6 Mbit/s) its 7 KiB would otherwise share the line with the app's wasm before the first
// page's numbers.
//
// Usage outside Trunk: `node scripts/css.mjs DIR [--public-url URL]` rewrites DIR/index.html.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--public-url');
const dir = args.find((a, i) => !a.startsWith('--') && i !== urlAt + 1) ?? process.env.TRUNK_STAGING_DIR;
if (!dir) fail('no directory: pass one, or run as a Trunk hook (TRUNK_STAGING_DIR)');
const publicUrl = (urlAt >= 0 ? args[urlAt + 1] : process.env.TRUNK_PUBLIC_URL) ?? './';
const base = publicUrl.replace(/\/?$/, '/');

const page = path.join(dir, 'index.html');
let html = readFileSync(page, 'utf8');
const links = [...html.matchAll(/^([ \t]*)<link rel="stylesheet" href="([^"]+)"[^>]*>[ \t]*\r?\n?/gm)];
if (links.length === 0) fail(`${page}: no stylesheet link`);
/** Where index.html's comment puts the split (links after it: the views' file). */
const marker = html.search(/<!--[^>]*loaded after the first page \(scripts\/css\.mjs\)[^>]*-->/);
const groups = [
  { prefix: 'style', attrs: '', links: links.filter((m) => marker < 0 || m.index < marker) },
  { prefix: 'views', attrs: ' disabled id="views-css"', links: links.filter((m) => marker >= 0 && m.index > marker) },
].filter((g) => g.links.length > 0);
// Each group's file goes where its first link was; the other links are dropped (from the
// end, so that the earlier offsets hold).
const places = new Map();
for (const g of groups) {
  const files = g.links.map(([, , href]) => {
    if (!href.startsWith(base)) fail(`${page}: stylesheet ${href} is not under the public URL ${base}`);
    const file = path.join(dir, href.slice(base.length));
    if (!existsSync(file)) fail(`${page}: stylesheet ${href}: no file ${file}`);
    return file;
  });
  const joined = files.map((f) => readFileSync(f, 'utf8').replace(/\s*$/, '\n')).join('');
  if (/@import|@charset/.test(joined)) fail(`${g.prefix}: @import or @charset in a joined stylesheet (they must come first in a file)`);
  const name = `${g.prefix}-${createHash('sha256').update(joined).digest('hex').slice(0, 16)}.css`;
  writeFileSync(path.join(dir, name), joined);
  for (const f of files) rmSync(f);
  const integrity = `sha384-${createHash('sha384').update(joined).digest('base64')}`;
  places.set(g.links[0].index, `${g.links[0][1]}<link rel="stylesheet" href="${base}${name}" integrity="${integrity}"${g.attrs}/>\n`);
  console.log(`css.mjs: ${g.links.length} stylesheets joined into ${name} (${joined.length} bytes)${g.attrs ? ', enabled by the app after the first page' : ''}`);
}
for (const m of [...links].reverse()) {
  html = html.slice(0, m.index) + (places.get(m.index) ?? '') + html.slice(m.index + m[0].length);
}
writeFileSync(page, html);

function fail(message) {
  console.error(`css.mjs: ${message}`);
  process.exit(1);
}
