#!/usr/bin/env node
// Trunk post-build step (run by scripts/post-build.mjs, after csp.mjs): writes sw.js, the
// service worker that makes the page open with no network after a first visit.
//
// sw.js lists every file of the build (Trunk's hashed names, the Monte Carlo worker's
// un-hashed mc_worker*.js and .wasm, the stylesheets, index.html as the CSP hook left it) and
// a version: the SHA-256 of the files' names and contents. It caches them all on install in a
// cache named after its scope and that version, and on activate deletes the caches of the same
// scope with another version — so a new deployment (another sw.js) replaces the cache on the
// next online visit, and two copies of the app on one host (two sub-paths) never touch each
// other's cache. It answers only GET requests for the listed files in its own directory:
//   * the page itself (a navigation): the network first, the cached index.html if the network
//     fails (offline) or answers an error, so an online visit always gets the newest page;
//   * files with a content hash in their name (they never change): the cache first;
//   * the other files (the worker's, the favicon if un-hashed): the network first, the cache
//     if it fails.
// Everything else (another origin, another path) goes to the network untouched.
//
// Release builds only (as csp.mjs): `trunk serve` rebuilds on every change, and a debug page
// registers no worker (crates/ui/src/web/offline.rs). Usage outside Trunk: `node scripts/sw.mjs DIR`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SCRIPT = 'sw.js';

/** Every file under `dir`, as a path relative to it with `/` separators, sorted. */
export function listFiles(dir, sub = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (rel !== SCRIPT && !rel.endsWith('.map')) out.push(rel);
  }
  return out.sort();
}

/** The version of a build: SHA-256 of every listed file's name and bytes, 16 hex digits. */
export function version(dir, files) {
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(`${f}\0`);
    hash.update(readFileSync(path.join(dir, f)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Whether the file's name holds a content hash: Trunk's (`app-a7ab26adfa558094.css`; Trunk
 * writes the 64-bit hash without leading zeros, so it can be shorter than 16 digits), or a
 * file in the app's hashed folder (`app-<16 hex>/…`, scripts/app.mjs).
 */
export const isHashed = (file) =>
  /-[0-9a-f]{12,16}(_bg)?\.[a-z0-9]+$/.test(file) || /^app-[0-9a-f]{16}\//.test(file);

/** The text of sw.js for these files and this version. */
export function workerSource(files, ver) {
  const hashed = files.filter(isHashed);
  const other = files.filter((f) => !isHashed(f));
  return `// Utility Lab's service worker, written by scripts/sw.mjs at build time: the page opens
// with no network after a first visit. See scripts/sw.mjs for what it caches and answers.
const VERSION = ${JSON.stringify(ver)};
const HASHED = ${JSON.stringify(hashed)};
const OTHER = ${JSON.stringify(other)};
const PREFIX = 'utility-lab ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;
const base = new URL('./', self.location.href);
const url = (file) => new URL(file, base).href;
const immutable = new Set(HASHED.map(url));
const listed = new Set([...immutable, ...OTHER.map(url)]);
const page = url('index.html');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Revalidated with the host (not an older copy from the HTTP cache).
      .then((cache) => cache.addAll([...listed].map((u) => new Request(u, { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

const fromCache = (key) => caches.open(CACHE).then((cache) => cache.match(key));

async function networkFirst(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok) return response;
    return (await fromCache(key)) ?? response;
  } catch (error) {
    const cached = await fromCache(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, key) {
  return (await fromCache(key)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const address = new URL(request.url);
  address.hash = '';
  address.search = '';
  const key = address.href === base.href ? page : address.href;
  if (request.mode === 'navigate') {
    if (key === page) event.respondWith(networkFirst(request, page));
  } else if (immutable.has(key)) {
    event.respondWith(cacheFirst(request, key));
  } else if (listed.has(key)) {
    event.respondWith(networkFirst(request, key));
  }
});
`;
}

function main() {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) fail('no directory: pass one, or run as a Trunk hook (TRUNK_STAGING_DIR)');
  if (process.argv[2] === undefined && process.env.TRUNK_PROFILE !== 'release') {
    console.log('sw.mjs: debug build, no service worker written');
    return;
  }
  const files = listFiles(dir);
  if (!files.includes('index.html')) fail(`${dir}: no index.html`);
  const ver = version(dir, files);
  writeFileSync(path.join(dir, SCRIPT), workerSource(files, ver));
  console.log(`sw.mjs: ${path.join(dir, SCRIPT)}: ${files.length} files, version ${ver}`);
}

function fail(message) {
  console.error(`sw.mjs: ${message}`);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
