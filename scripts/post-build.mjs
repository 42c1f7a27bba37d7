#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml [[hooks]]): the build's last steps, in order. Trunk starts
// the hooks of one stage at the same time, so the order is kept here: app.mjs builds the app's
// own wasm (the main module and the views' chunks) and adds its loader to index.html; css.mjs
// joins the stylesheets into one file; prerender.mjs puts the plain link's first page, drawn by
// the app just built, into index.html (release builds only); csp.mjs rewrites index.html (its Content-Security-Policy,
// release builds only), then sw.mjs lists and hashes the final files into sw.js (release builds
// only). Each step reads TRUNK_STAGING_DIR,
// TRUNK_PROFILE and TRUNK_PUBLIC_URL, or a DIR argument: `node scripts/post-build.mjs DIR`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const step of ['app.mjs', 'css.mjs', 'prerender.mjs', 'csp.mjs', 'sw.mjs']) {
  try {
    execFileSync(process.execPath, [path.join(here, step), ...process.argv.slice(2)], { stdio: 'inherit' });
  } catch {
    console.error(`post-build.mjs: ${step} failed`);
    process.exit(1);
  }
}
