#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml [[hooks]]): the build's last steps, in order. Trunk starts
// the hooks of one stage at the same time, so the order is kept here: csp.mjs rewrites
// index.html (its Content-Security-Policy), then sw.mjs lists and hashes the final files into
// sw.js. Each step reads TRUNK_STAGING_DIR and TRUNK_PROFILE (release builds only), or a DIR
// argument: `node scripts/post-build.mjs DIR`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const step of ['csp.mjs', 'sw.mjs']) {
  try {
    execFileSync(process.execPath, [path.join(here, step), ...process.argv.slice(2)], { stdio: 'inherit' });
  } catch {
    console.error(`post-build.mjs: ${step} failed`);
    process.exit(1);
  }
}
