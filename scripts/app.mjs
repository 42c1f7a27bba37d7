#!/usr/bin/env node
// Trunk post-build step (run by scripts/post-build.mjs, first): cuts the page's own wasm into
// pieces — the first page (Compare's numbers) in the main module, every other view, the
// Compare editors and the charts in chunks loaded when they are shown (crates/ui/src/lazy.rs) — and
// puts them in the page in place of the whole module Trunk built.
//
// Trunk 0.21 runs cargo and wasm-bindgen in one step, with no hook between them
// (trunk-rs/trunk#1022), and the cut must happen there; so Trunk builds and binds the whole
// app as before (profile wasm-app, no wasm-opt: index.html), and this step starts again from
// cargo's linked wasm, kept with its relocations (build.rs: --emit-relocs):
//   1. wasm-split-cli (crate wasm_split_cli_support, installed by scripts/setup.sh): the main
//      module, a chunk per split point and per set of split points sharing code, and
//      __wasm_split.js, the chunks' loader; then scripts/bundle.mjs merges those ~200 pieces
//      into ~15 files (the first view's code in one) and rewrites the loader to fetch them;
//   2. wasm-bindgen --target web on the main module (the chunks need no bindings of their own:
//      they call the main module's exports), keeping the exports the chunks import;
//   3. release: wasm-opt -Oz on the main module and on every chunk, as many at once as there
//      are cores, in this process (scripts/wasm-opt-pool.mjs: binaryen's library, started once
//      per core, not the command once per piece);
//   4. the files into STAGING/app-<hash>/ (hash: SHA-256 of their names and bytes, 16 hex
//      digits, so a new build never meets an old file in a cache; the files name each other
//      by relative paths); Trunk's whole module, its loader and its preloads out of the page,
//      ours in: the loader (an inline module script: csp.mjs hashes it; it also asks for the
//      Compare bundle one round trip before the main module is in) and the preloads of the
//      main module's JS and wasm and of the chunks' loader.
// Steps 1–3 are kept in target/app-pieces/<profile>/ with the SHA-256 of the linked wasm: an
// unchanged wasm (the sub-path build, a rebuild of CSS only) is not cut and optimized again.
//
// As a Trunk hook it reads TRUNK_STAGING_DIR, TRUNK_PROFILE and TRUNK_PUBLIC_URL; by hand,
// after a Trunk build: `node scripts/app.mjs DIR [--dev] [--public-url URL]`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePieces, firstFiles, viewSplits } from './bundle.mjs';
import { OPTIONS as WASM_OPT, optimizeAll } from './wasm-opt-pool.mjs';
import { tableSlots } from './wasm-read.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const staging = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--public-url'))
  ?? process.env.TRUNK_STAGING_DIR;
if (!staging) fail('no directory: pass one, or run as a Trunk hook (TRUNK_STAGING_DIR)');
// By hand: release unless --dev; as a hook: Trunk's profile.
const release = process.env.TRUNK_PROFILE
  ? process.env.TRUNK_PROFILE === 'release'
  : !args.includes('--dev');
const publicUrl = flag('public-url') ?? process.env.TRUNK_PUBLIC_URL ?? './';

/** The bin, its output name, and the profile (index.html said this to Trunk before). */
const BIN = 'utility-lab';
const profile = release ? 'wasm-app' : 'dev';
const TARGET = 'wasm32-unknown-unknown';

// PATH as scripts/lib.sh sets it: the exact tools scripts/setup.sh installed.
const cargoHome = process.env.CARGO_HOME ?? path.join(process.env.HOME ?? '', '.cargo');
process.env.PATH = [path.join(root, 'node_modules/.bin'), path.join(cargoHome, 'bin'), process.env.PATH].join(':');
const run = (cmd, argv, opts = {}) => execFileSync(cmd, argv, { stdio: 'inherit', cwd: root, ...opts });

// ---- the linked wasm (cargo's output for Trunk's build) ----
const t0 = Date.now();
const targetDir = process.env.CARGO_TARGET_DIR
  ? path.resolve(root, process.env.CARGO_TARGET_DIR)
  : path.join(root, 'target');
const linked = path.join(targetDir, TARGET, profile === 'dev' ? 'debug' : profile, `${BIN}.wasm`);
if (!existsSync(linked)) fail(`no ${linked}: did Trunk build the app (index.html, data-bin="${BIN}")?`);
const input = readFileSync(linked);

// ---- 1–3. cut, bind, optimize (or reuse) ----
const pieces = path.join(targetDir, 'app-pieces', profile);
const stamp = path.join(pieces, '.input-sha256');
// The key: the linked wasm and what is done to it (the options, this script, the optimizer's).
const inputSum = sha256(Buffer.concat([input, Buffer.from(JSON.stringify({ release, WASM_OPT })), ...['wasm-opt-pool.mjs', 'bundle.mjs', 'wasm-read.mjs'].map((f) => readFileSync(path.join(root, 'scripts', f))), readFileSync(fileURLToPath(import.meta.url))]));
if (!(existsSync(stamp) && readFileSync(stamp, 'utf8') === inputSum)) {
  rmSync(pieces, { recursive: true, force: true });
  const split = path.join(pieces, 'split');
  const out = path.join(pieces, 'out');
  mkdirSync(split, { recursive: true });
  mkdirSync(out, { recursive: true });
  run('wasm-split-cli', [linked, split, '--out-name', BIN, '--target', 'web']);
  run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--keep-lld-exports', '--no-demangle',
    '--out-dir', out, '--out-name', BIN, path.join(split, `${BIN}.wasm`),
  ]);
  // A chunk that fails to load is the page's to report (crates/ui/src/lazy.rs: a message and Retry);
  // the loader's own report goes to the console as a warning, not an error (a load cut short
  // by leaving the page is not an error either).
  const linkFile = path.join(split, '__wasm_split.js');
  const link = readFileSync(linkFile, 'utf8');
  const report = /(\} catch \(e\) \{\s*)console\.error\(e\);/;
  if (!report.test(link)) fail(`${linkFile}: the loader's error report not found (another wasm-split-cli?)`);
  writeFileSync(linkFile, link.replace(report, '$1console.warn(e);'));
  const bundles = bundlePieces(split);
  const merged = bundles.filter((b) => b.pieces.length > 1);
  console.log(`app.mjs: ${bundles.reduce((a, b) => a + b.pieces.length, 0)} pieces in ${bundles.length} files (${merged.map((b) => `${b.file}: ${b.pieces.length}`).join(', ')})`);
  // The loader and the chunks beside the bound main module (`./utility-lab.js` imports
  // `./__wasm_split.js`, which imports `./utility-lab.js` and fetches `./<chunk>.wasm`).
  for (const f of readdirSync(split)) {
    if (f !== `${BIN}.wasm`) copyFileSync(path.join(split, f), path.join(out, f));
  }
  if (release) {
    await optimizeAll(readdirSync(out).filter((f) => f.endsWith('.wasm')).map((f) => path.join(out, f)));
  }
  checkTable(out);
  rmSync(split, { recursive: true });
  writeFileSync(stamp, inputSum);
}

// ---- 4. into the page ----
const out = path.join(pieces, 'out');
const files = listFiles(out);
const hash = createHash('sha256');
for (const f of files) hash.update(`${f}\0`).update(readFileSync(path.join(out, f))).update('\0');
const dirName = `app-${hash.digest('hex').slice(0, 16)}`;
const dest = path.join(staging, dirName);
for (const f of files) {
  mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
  copyFileSync(path.join(out, f), path.join(dest, f));
}
const base = `${publicUrl.replace(/\/?$/, '/')}${dirName}/`;
const js = `${base}${BIN}.js`;
const wasm = `${base}${BIN}_bg.wasm`;
const mainBytes = readFileSync(path.join(dest, `${BIN}_bg.wasm`)).length;
// The first view's bundles (scripts/bundle.mjs: asked for early) and the views with code of
// their own (the split points other than Compare's parts and the chrome).
const splitLoader = readFileSync(path.join(dest, '__wasm_split.js'), 'utf8');
const firsts = firstFiles(splitLoader);
const otherViews = viewSplits(splitLoader);
// The loader, as Trunk wrote it (window.wasmBindings: the bindings for tests and the console),
// but watching the main module's bytes come in (a copy of its response: the preload below
// starts it, the script runs once the stylesheet is in): once the rest would take about one
// round trip, it asks for the first view's bundles (scripts/bundle.mjs, EARLY), which then
// arrive right after the main module instead of a round trip and a render later (issue 29: the
// editors ~0.25 s sooner on Fast 3G, the yields as before) — when the link opens Compare (its
// `view=` key names no other view): a link to another view fetches only the bundles holding
// its own code (scripts/bundle.mjs).
// Anything unexpected: asked for at once.
// How long before the main module's end the first view's bundles are asked for, in round trips (measured
// with three bundles at Fast 3G: 0.5 had the yields of a link 0.06 s sooner and the editors 0.07 s
// later, 1.1 the yields 0.11 s later and the editors no sooner).
const EARLY_RTTS = 0.8;
const early = firsts.length ? `
const early = {};
globalThis.__ulabEarly = early;
// The link's view as the app reads it (crates/state/src/link/parts.rs): the last \`view=\`, key
// and value percent-decoded and trimmed. A wrong guess costs only speed: every part still
// loads what it needs.
const decode = (t) => { try { return decodeURIComponent(t); } catch { return t; } };
let view = '';
for (const part of location.hash.slice(1).split('&')) {
  const at = part.indexOf('=');
  if (at >= 0 && decode(part.slice(0, at)).trim() === 'view') view = decode(part.slice(at + 1)).trim();
}
early.compare = !${JSON.stringify(otherViews)}.includes(view);
let asked = false;
const ask = () => {
  if (asked || !early.compare) return;
  asked = true;
  for (const file of ${JSON.stringify(firsts)}) {
    const src = fetch('${base}' + file);
    src.catch(() => {});
    early[file] = { take() { delete early[file]; return src; } };
  }
};
// The round trip: the browser's estimate (Chromium's Network Information), else the page's own
// (Navigation Timing: request to first byte).
const nav = performance.getEntriesByType('navigation')[0];
const rtt = Math.min(1000, Math.max(navigator.connection?.rtt || 0, nav ? nav.responseStart - nav.requestStart : 0));
// Counts a copy of the response's bytes as they come (the module compiles from the response
// itself, untouched).
const count = async (res) => {
  // The rate: over the last WINDOW ms (the first bytes come in a burst, from the buffer). Asked
  // at 0.8 round trips before the end: its first bytes then come as the main module's last do
  // (measured: sooner, and the two share the line for a while).
  const WINDOW = 200;
  const reader = res.body.getReader();
  const seen = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const now = performance.now();
    got += value.length;
    seen.push([now, got]);
    while (now - seen[1]?.[0] >= WINDOW) seen.shift();
    const [t, g] = seen[0];
    if (now - t >= WINDOW && (${mainBytes} - got) * (now - t) <= ${EARLY_RTTS} * rtt * (got - g)) {
      reader.cancel().catch(() => {});
      return;
    }
  }
};
const watch = (res) => {
  if (early.compare && res.ok && res.body) count(res.clone()).catch(() => {}).then(ask);
  else ask();
  return res;
};
const main = fetch('${wasm}').then(watch, (e) => { ask(); throw e; });` : `
const main = fetch('${wasm}');`;
const loader = `<script type="module">${early}
let wasm;
try {
  const { default: init, ...bindings } = await import('${js}');
  wasm = await init({ module_or_path: main });
  window.wasmBindings = bindings;
} catch (e) {
  // The app could not start (the network failed, or the browser lacks WebAssembly's features):
  // said in place of the loading line or the build's first page, whose buttons would never work.
  const line = document.createElement("p");
  line.className = "boot";
  line.setAttribute("role", "alert");
  line.dataset.testid = "start-failed";
  line.textContent = "Utility Lab could not start (" + ((e && e.message) || e) + "). Check the connection and reload the page.";
  document.querySelector("[data-prerendered]")?.replaceWith(line);
  document.getElementById("boot")?.replaceWith(line);
  throw e;
}
dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
</script>
<link rel="preload" href="${wasm}" crossorigin="anonymous" as="fetch" type="application/wasm">
<link rel="modulepreload" href="${js}" crossorigin="anonymous">
<link rel="modulepreload" href="${base}__wasm_split.js" crossorigin="anonymous">
`;
const page = path.join(staging, 'index.html');
let html = readFileSync(page, 'utf8');
// Trunk's whole module: its files, its loader and its two preloads.
const trunkName = new RegExp(`${BIN}-[0-9a-f]+(_bg\\.wasm|\\.js)`);
const trunkFiles = readdirSync(staging).filter((f) => new RegExp(`^${trunkName.source}$`).test(f));
if (trunkFiles.length !== 2) fail(`${staging}: expected Trunk's ${BIN}-<hash>.js and _bg.wasm, found ${JSON.stringify(trunkFiles)}`);
for (const f of trunkFiles) rmSync(path.join(staging, f));
for (const [what, re] of [
  ['loader', new RegExp(`<script type="module">(?:(?!</script>)[\\s\\S])*?${trunkName.source}[\\s\\S]*?</script>\\s*`)],
  ['module preload', new RegExp(`<link rel="modulepreload" href="[^"]*${trunkName.source}"[^>]*>\\s*`)],
  ['wasm preload', new RegExp(`<link rel="preload" href="[^"]*${trunkName.source}"[^>]*>\\s*`)],
]) {
  if (!re.test(html)) fail(`${page}: Trunk's ${what} of ${BIN} not found`);
  html = html.replace(re, '');
}
if (!html.includes('</head>')) fail(`${page}: no </head>`);
writeFileSync(page, html.replace('</head>', `${loader}</head>`));

const sizes = readdirSync(dest).filter((f) => f.endsWith('.wasm')).map((f) => readFileSync(path.join(dest, f)).length);
console.log(`app.mjs: ${dirName}/: ${BIN}_bg.wasm and ${sizes.length - 1} more files, ${sizes.reduce((a, b) => a + b, 0)} bytes of wasm (${profile}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

function listFiles(dir, sub = '') {
  const found = [];
  for (const e of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) found.push(...listFiles(dir, rel));
    else found.push(rel);
  }
  return found.sort();
}

/**
 * What the chunks' direct calls rely on (scripts/wasm-opt-pool.mjs: a slot a chunk fills holds
 * that function for good): each table slot is filled by one module only, and the scripts only
 * read the function table (no code changes it: the optimizer checks each module).
 */
function checkTable(dir) {
  const owner = new Map();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.wasm'))) {
    for (const slot of tableSlots(readFileSync(path.join(dir, f)))) {
      if (owner.has(slot)) fail(`table slot ${slot} is filled by both ${owner.get(slot)} and ${f}`);
      owner.set(slot, f);
    }
  }
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const js = readFileSync(path.join(dir, f), 'utf8');
    for (const m of js.matchAll(/__indirect_function_table\s*\.\s*(\w+)/g)) {
      if (m[1] !== 'get') fail(`${f} changes the function table (.${m[1]}): the chunks' direct calls assume nothing does`);
    }
  }
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function fail(message) {
  console.error(`app.mjs: ${message}`);
  process.exit(1);
}
