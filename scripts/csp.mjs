#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml [[hooks]]): writes the page's Content-Security-Policy into
// the built index.html as a <meta http-equiv>, right after <meta charset>.
//
// The page is static, so a per-request nonce is impossible (Trunk 0.21's `create_nonce` only
// writes a placeholder for a server to fill). Instead the policy allows each inline script by
// the SHA-256 of its text: the app's loader (written by scripts/app.mjs, which runs first),
// whose text names the hashed folder and so changes with every build, is hashed here.
//
// The policy (docs/limits.md, "Content-Security-Policy", says why each line is there):
//   default-src 'none'                       nothing that is not listed below
//   script-src 'self' 'wasm-unsafe-eval' 'sha256-…'   our files, our wasm, the app's loader, the first page's script
//   style-src 'self' 'unsafe-inline'         our stylesheets; style attributes set by the app
//   img-src 'self' data: blob:               the favicon, plot images and exports
//   connect-src 'self'                       the wasm files: no other origin, ever
//   worker-src 'self'                        the Monte Carlo workers, the offline service worker
//   base-uri 'self'; form-action 'none'; object-src 'none'
//
// Debug builds (`trunk serve`) are left without a policy: Trunk injects its live-reload
// script at serve time. Usage outside Trunk: `node scripts/csp.mjs DIR` rewrites DIR/index.html.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) fail('no directory: pass one, or run as a Trunk hook (TRUNK_STAGING_DIR)');
if (process.argv[2] === undefined && process.env.TRUNK_PROFILE !== 'release') {
  console.log('csp.mjs: debug build, no Content-Security-Policy written');
  process.exit(0);
}

const file = path.join(dir, 'index.html');
const html = readFileSync(file, 'utf8');
if (html.includes('http-equiv="Content-Security-Policy"')) fail(`${file} already has a policy`);

// Every inline <script> (one without src): the loader, and the first page's (scripts/prerender.mjs).
// Hash its exact text.
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  if (/\bsrc\s*=/i.test(m[1])) continue;
  hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
}
if (hashes.length === 0) fail(`${file}: no inline script found (the app's loader, scripts/app.mjs, is expected)`);

const policy = [
  "default-src 'none'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'self'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

const charset = html.match(/<meta charset="utf-8"\s*\/?>/i);
if (!charset) fail(`${file}: no <meta charset="utf-8"> to put the policy after`);
const at = charset.index + charset[0].length;
const meta = `\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`;
writeFileSync(file, html.slice(0, at) + meta + html.slice(at));
console.log(`csp.mjs: ${file}: policy written (${hashes.length} inline script hash)`);

function fail(message) {
  console.error(`csp.mjs: ${message}`);
  process.exit(1);
}
