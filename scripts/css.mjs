#!/usr/bin/env node
// Trunk post-build step (run by scripts/post-build.mjs, after app.mjs): the page's stylesheets
// as one file.
//
// index.html lists one stylesheet per part of src/ui (style/app.css says what each holds), and
// Trunk writes each as a hashed file with its own <link>. A page with twelve stylesheets makes
// twelve requests before it can run its script; over HTTP/1.1 (six connections per host) they
// queue in three waves, each a round trip, and the app's wasm waits behind them (on a phone
// network, ~0.4 s of a cold load). This step joins them, in the page's order (the order
// matters: later rules win), into one `style-<hash>.css` (SHA-256 of the joined text, 16 hex
// digits: a new build never meets an old file in a cache), links it where the first one was
// (with its Subresource Integrity hash, as Trunk writes its links), drops the other links and
// deletes the separate files.
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
const files = links.map(([, , href]) => {
  if (!href.startsWith(base)) fail(`${page}: stylesheet ${href} is not under the public URL ${base}`);
  const file = path.join(dir, href.slice(base.length));
  if (!existsSync(file)) fail(`${page}: stylesheet ${href}: no file ${file}`);
  return file;
});
const joined = files.map((f) => readFileSync(f, 'utf8').replace(/\s*$/, '\n')).join('');
const name = `style-${createHash('sha256').update(joined).digest('hex').slice(0, 16)}.css`;
writeFileSync(path.join(dir, name), joined);
for (const f of files) rmSync(f);

const integrity = `sha384-${createHash('sha384').update(joined).digest('base64')}`;
const link = `${links[0][1]}<link rel="stylesheet" href="${base}${name}" integrity="${integrity}"/>\n`;
// The first link's place gets the joined file; the others' places nothing.
links.reverse().forEach((m, i) => {
  const at = m.index;
  html = html.slice(0, at) + (i === links.length - 1 ? link : '') + html.slice(at + m[0].length);
});
writeFileSync(page, html);
console.log(`css.mjs: ${links.length} stylesheets joined into ${name} (${joined.length} bytes)`);

function fail(message) {
  console.error(`css.mjs: ${message}`);
  process.exit(1);
}
