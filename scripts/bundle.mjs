// The app's wasm pieces merged into a few bundles (scripts/app.mjs, between wasm-split-cli and
// the optimizer; issue 29).
//
// wasm-split-cli cuts one chunk per *set* of split points that share code: the app's 10 split
// points gave ~200 files, 150 of them under 2 KB, and the first view fetched ~130 of them, six
// at a time, 150 ms each on a phone (Fast 3G: the editors after 6 s). The pieces never name
// each other: each imports only the main module's memory, table and one shared global, and
// writes its functions into fixed table slots and its data at fixed addresses (active
// segments). So pieces can be concatenated into one module (binaryen's wasm-merge) without
// changing anything they do, as long as **each piece is in exactly one bundle** (instantiating
// one twice would write its statics' initial values again) and a bundle loads before anything
// that calls into it — which the loader ensures, as it did for the pieces.
//
// The bundles (the policy, `plan`): a visit fetches the code of its view — Compare's first view,
// then its later parts (the How sure card, the import form) and the chrome (the share bar and
// the print link, on every page); any other view with the chrome — and as little else as a
// few requests allow. The pieces needed by the same loads start as one bundle, and bundles are
// merged while a merge saves more requests than it adds bytes fetched for nothing. Compare's
// first view fetches exactly its own code, in at most FIRST_MAX bundles, which the page's loader
// asks for early on a link that opens Compare (and only then: a link to the Story, the Utility
// space or the Metric reliability fetches none of Compare's own code; Decide, ROC, Probabilities
// and the preference-driven measure share some of it); its later parts and the chrome are
// fetched once those are in, so the editors come first. A part fetched on demand from any page
// (the state file's code, ON_DEMAND) is fetched by no visit; its use weighs a fifth of a visit.
// A split point whose own piece went into a bundle gets the loader's own empty form
// (`() => async (_imp) => ({})`, which wasm-split-cli writes for an empty split point) and
// that bundle as a dependency.
//
// Every merge is checked: the bundle has exactly its pieces' non-empty data segments (address
// and bytes), element segments (offset and length) and imports, and no more functions (wasm-merge
// drops those that nothing calls and no table holds) — else the build fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { imports, leb, name, reader, section, sections, withoutSections } from './wasm-read.mjs';

/** A bundle smaller than this (gzip, before optimizing) is not worth a request of its own. */
export const COMMON_MAX = 8192;

/** The features the app's wasm uses (scripts/wasm-opt-pool.mjs) and wasm-merge must accept. */
const FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-sign-ext'];

/**
 * Merges the pieces in `dir` (wasm-split-cli's output) into bundles and rewrites
 * `dir/__wasm_split.js` to fetch them. Returns the bundles: `{ name, file, pieces }`.
 */
export function bundlePieces(dir, { wasmMerge = 'wasm-merge' } = {}) {
  const loaderFile = path.join(dir, '__wasm_split.js');
  const loader = parseLoader(readFileSync(loaderFile, 'utf8'));
  const bundles = plan(loader, (f) => zlib.gzipSync(readFileSync(path.join(dir, f))).length);
  for (const b of bundles.filter((b) => b.pieces.length > 1)) {
    const inputs = b.pieces.map((f) => path.join(dir, f));
    writeFileSync(path.join(dir, b.file), merge(inputs, wasmMerge));
    for (const f of inputs) rmSync(f);
  }
  writeFileSync(loaderFile, writeLoader(loader, bundles));
  return bundles;
}

/** The loader's parts: its head (the functions), each chunk's file, each split point's own
 *  file and the chunks it needs. Fails on a loader of another form. */
export function parseLoader(js) {
  const at = js.search(/^\/\* /m);
  if (at < 0) throw new Error('__wasm_split.js: no chunk found (another wasm-split-cli?)');
  const head = js.slice(0, at);
  const chunkFile = {};
  const chunkRe = /const (__chunk_\d+) = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)", import\.meta\.url\)\);/g;
  for (const m of js.matchAll(chunkRe)) chunkFile[m[1]] = m[2];
  const splits = {};
  const splitRe = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(([\s\S]*?)\n?, \[([^\]]*)\]\)\);/g;
  for (const m of js.matchAll(splitRe)) {
    const own = /fetch\(new URL\("\.\/([^"]+)"/.exec(m[2])?.[1] ?? null;
    const deps = m[3].split(',').map((s) => s.trim()).filter(Boolean).map((v) => {
      if (!chunkFile[v]) throw new Error(`__wasm_split.js: split point ${m[1]} needs ${v}, which has no file`);
      return chunkFile[v];
    });
    splits[m[1]] = { own, deps };
  }
  const declared = (js.match(/const __chunk_\d+ = makeLoad/g) ?? []).length;
  const exported = (js.match(/export const __wasm_split_load_/g) ?? []).length;
  if (Object.keys(chunkFile).length !== declared || Object.keys(splits).length !== exported || !exported) {
    throw new Error(`__wasm_split.js: read ${Object.keys(chunkFile).length} of ${declared} chunks, ${Object.keys(splits).length} of ${exported} split points`);
  }
  for (const fn of ['function makeLoad(fetcher, deps)', 'function wrapAsyncCb(callee)']) {
    if (!head.includes(fn)) throw new Error(`__wasm_split.js: no ${fn}`);
  }
  return { head, chunkFile, splits };
}

/** The load a split point belongs to: Compare's first view, its later parts, the chrome (on
 *  every page), or (any other split point) its view or its part fetched on demand. */
const LOAD = { compare: 'compare', later: 'later', share_bar: 'chrome', print_link: 'chrome' };
const loadOf = (split) => LOAD[split] ?? split;
/** Split points that are no view: parts any page fetches when first used (the state file's
 *  code: crates/ui/src/chrome/share_bar.rs). No view's visit fetches their own code. */
const ON_DEMAND = new Set(['state_file']);

/** A use of an on-demand part counts this many visits in the policy's sums (a save or an open
 *  of a state file per five visits: more than likely, so that the code it shares with the views
 *  is not all left in their bundles). On the app's pieces (gzip before optimizing; 2026-11-28):
 *  at 0 a first save fetched every view's bundle (+1 005 KB), at 0.2 +158 KB, the visits within
 *  ±3 % of 0's; at 0.5 +89 KB, Compare's visit +13 KB. */
export const ON_DEMAND_WEIGHT = 0.2;
/** The loads of a visit to Compare (any other view's visit: the view's and the chrome). */
const COMPARE_VISIT = ['compare', 'later', 'chrome'];

/** A bundle fewer to fetch on a visit is worth this many bytes more (gzip, before optimizing):
 *  over HTTP/1.1 a request is ~150 ms of latency on a phone, ~20 KB at Fast 3G, shared by the
 *  six connections a page has. */
export const REQUEST_BYTES = 12_000;

/** A byte fetched for nothing on a visit to Compare (the plain link, the most opened) counts
 *  this many times one on a visit to another view. */
export const COMPARE_WEIGHT = 3;

/** The most bundles Compare's first view fetches (beside the main module). Measured at Fast 3G
 *  (scripts/bench-load.mjs, median of 3–5): in one, the editors at 2.37 s, but a link to any
 *  other view fetched all of it; in two (what it shares with every view, and the rest) 2.42 s,
 *  a link to the Story 0.7 s sooner (each bundle is optimized alone: +9 KB brotli); in three
 *  (the rest split into Compare's own and what it shares with Decide, ROC, Probabilities and
 *  the preference-driven measure, whose links then fetch ~45 KB less) 2.48 s; in five 2.53 s. */
export const FIRST_MAX = 2;

/**
 * The bundles of the policy (see the top), each piece in exactly one. `gz(file)`: its size.
 *
 * A piece is needed by the loads (`loadOf`) of the split points that need it; a visit makes the
 * loads of its view — Compare with its later parts and the chrome, any other view with the
 * chrome. The pieces needed by the same loads start as one bundle; then, greedily, the two
 * bundles whose merge saves the most — `REQUEST_BYTES` per visit that fetches both, less the
 * bytes a visit fetching only one of them would fetch for nothing (`COMPARE_WEIGHT` times on a
 * visit to Compare) — are merged, and any bundle
 * under `COMMON_MAX` is merged with the one it costs least to join. A bundle Compare's first
 * view needs is never merged with one it does not need, so that view fetches exactly its code.
 * Every bundle says what it is needed by (`loads`) and whether the first view needs it (`first`).
 */
export function plan({ chunkFile, splits }, gz) {
  const needs = (s) => {
    if (!splits[s]) throw new Error(`no split point ${s}`);
    return [...splits[s].deps, ...(splits[s].own ? [splits[s].own] : [])];
  };
  for (const s of Object.keys(LOAD)) needs(s);
  const loadsOf = new Map();
  for (const s of Object.keys(splits).sort()) {
    for (const f of needs(s)) {
      if (!loadsOf.has(f)) loadsOf.set(f, new Set());
      loadsOf.get(f).add(loadOf(s));
    }
  }
  const all = new Set([...Object.values(chunkFile), ...Object.values(splits).map((s) => s.own).filter(Boolean)]);
  for (const f of all) if (!loadsOf.has(f)) throw new Error(`bundles: ${f} is needed by no split point`);
  const loads = [...new Set([...loadsOf.values()].flatMap((l) => [...l]))];
  const others = loads.filter((l) => !COMPARE_VISIT.includes(l));
  const visits = [COMPARE_VISIT, ...others.map((l) => [l, 'chrome'])];
  const weights = [COMPARE_WEIGHT, ...others.map((l) => (ON_DEMAND.has(l) ? ON_DEMAND_WEIGHT : 1))];
  // Which visits fetch a bundle of these loads.
  const group = (loads, pieces, size) => ({ loads, pieces, gz: size, on: visits.map((v) => v.some((l) => loads.has(l))) });

  // The pieces needed by the same loads, together.
  const byLoads = new Map();
  for (const f of [...all].sort(byNumber)) {
    const key = [...loadsOf.get(f)].sort().join(',');
    if (!byLoads.has(key)) byLoads.set(key, group(new Set(loadsOf.get(f)), [], 0));
    const g = byLoads.get(key);
    g.pieces.push(f);
    g.gz += gz(f);
  }
  let groups = [...byLoads.keys()].sort().map((k) => byLoads.get(k));
  const first = (g) => g.loads.has('compare');
  // What merging a and b costs, in bytes (negative: saves); null if not allowed.
  const cost = (a, b) => {
    if (first(a) !== first(b)) return null;
    const va = a.on;
    const vb = b.on;
    let c = 0;
    for (let i = 0; i < visits.length; i++) {
      const w = weights[i];
      if (va[i] && vb[i]) c -= w * REQUEST_BYTES;
      else if (va[i]) c += w * b.gz;
      else if (vb[i]) c += w * a.gz;
    }
    return c;
  };
  const cheapest = (candidates, partners) => {
    let best = null;
    for (const a of candidates) {
      for (const b of partners) {
        if (a === b) continue;
        const c = cost(a, b);
        if (c !== null && (!best || c < best.c || (c === best.c && a.gz + b.gz < best.a.gz + best.b.gz))) best = { a, b, c };
      }
    }
    return best;
  };
  for (;;) {
    let m = cheapest(groups, groups);
    if (!m || m.c >= 0) {
      // A bundle too small to be worth its request joins the one it costs least to join; the
      // first view's bundles are merged down to FIRST_MAX (they are asked for at once, beside
      // the main module: over HTTP/1.1 a page has six connections).
      const small = groups.filter((g) => g.gz < COMMON_MAX).sort((x, y) => x.gz - y.gz);
      const firsts = groups.filter(first);
      m = null;
      for (const g of small) if (!m) m = cheapest([g], groups);
      if (!m && firsts.length > FIRST_MAX) m = cheapest(firsts, firsts);
      if (!m) break;
    }
    const merged = group(new Set([...m.a.loads, ...m.b.loads]), [...m.a.pieces, ...m.b.pieces].sort(byNumber), m.a.gz + m.b.gz);
    groups = [...groups.filter((g) => g !== m.a && g !== m.b), merged];
  }

  // Names: after the split points whose own piece a bundle holds, else shared_<n>.
  const ownOf = new Map(Object.entries(splits).filter(([, s]) => s.own).map(([n, s]) => [s.own, n]));
  const named = groups.map((g) => {
    const owners = [...new Set(g.pieces.filter((f) => ownOf.has(f)).map((f) => loadOf(ownOf.get(f))))].sort();
    return { g, owners };
  });
  named.sort((x, y) => (x.owners.length ? 0 : 1) - (y.owners.length ? 0 : 1) || y.g.gz - x.g.gz);
  let n = 0;
  const bundles = named.map(({ g, owners }) => {
    const single = g.pieces.length === 1;
    const name = owners.length ? owners.join('_') : single ? g.pieces[0].replace(/\.wasm$/, '') : `shared_${++n}`;
    const file = single ? g.pieces[0] : `bundle_${name}.wasm`;
    return { name, file, pieces: g.pieces, loads: [...g.loads].sort(), first: first(g) };
  });
  const placed = bundles.flatMap((b) => b.pieces);
  if (placed.length !== all.size || placed.some((f) => !all.has(f))) {
    throw new Error('bundles: not every piece in exactly one bundle');
  }
  if (new Set(bundles.map((b) => b.file)).size !== bundles.length) throw new Error('bundles: two with one name');
  return bundles;
}

/** Pieces in the order wasm-split-cli numbers them (chunk_2 before chunk_10). */
const byNumber = (a, b) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Where the page's loader (scripts/app.mjs) leaves the requests of the first view's bundles when
 * it asked for them early, one round trip before the main module is in: `{ compare: true,
 * [file]: { take() } }`, each taken once (a Retry after a failed load asks again). `compare`:
 * the link opens Compare (else the loader asked for nothing).
 */
export const EARLY = 'globalThis.__ulabEarly';

/** The files of the first view's bundles in a loader written by `writeLoader`. */
export function firstFiles(loaderJs) {
  return [...loaderJs.matchAll(/__ulabEarly\?\.\["([^"]+)"\]/g)].map((m) => m[1]);
}

/** The split points of the views other than Compare in a loader (their names: the views' keys). */
export function viewSplits(loaderJs) {
  return [...loaderJs.matchAll(/export const __wasm_split_load_(\w+) =/g)].map((m) => m[1]).filter((s) => !(s in LOAD) && !ON_DEMAND.has(s));
}

/** The files each split point's loader fetches (its bundles and its own), in a loader written by
 *  `writeLoader`: `{ [split]: Set(file) }`. Fails on a name it cannot resolve. */
export function fetchedBySplit(loaderJs) {
  const fileOf = {};
  for (const m of loaderJs.matchAll(/const (__bundle_\w+) = makeLoad\(\(\) => \{\s*const src = [^\n]*new URL\("\.\/([^"]+)"/g)) fileOf[m[1]] = m[2];
  const out = {};
  for (const m of loaderJs.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(([\s\S]*?), \[([^\]]*)\]\)\);/g)) {
    const own = /new URL\("\.\/([^"]+)"/.exec(m[2])?.[1];
    const deps = m[3].split(',').map((v) => v.trim()).filter(Boolean).map((v) => {
      if (!fileOf[v]) throw new Error(`loader: ${m[1]} waits for ${v}, which fetches no file`);
      return fileOf[v];
    });
    out[m[1]] = new Set([...deps, ...(own ? [own] : [])]);
  }
  return out;
}

/**
 * The loader fetching `bundles`. On a visit that opens Compare, the bundles only its later parts
 * and the chrome need are fetched once the first view's are in, so the editors come first.
 */
export function writeLoader({ head, splits }, bundles) {
  const bundleOf = {};
  for (const b of bundles) for (const f of b.pieces) bundleOf[f] = b;
  const v = (b) => `__bundle_${b.name.replace(/\W/g, '_')}`;
  const firsts = bundles.filter((b) => b.first);
  const fetcher = (b) => {
    // A first-view bundle may have been asked for already, by the page's loader (EARLY; a page
    // whose loader did not ask fetches it here).
    const get = b.first
      ? `(${EARLY}?.["${b.file}"]?.take() ?? fetch(new URL("./${b.file}", import.meta.url)))`
      : `fetch(new URL("./${b.file}", import.meta.url))`;
    // Only the order: a first bundle that fails to load is its own parts' failure, not these.
    const after = !b.first && firsts.length && b.loads.some((l) => l === 'later' || l === 'chrome');
    const src = after
      ? `(${EARLY}?.compare ? Promise.all([${firsts.map((f) => `${v(f)}()`).join(', ')}]).catch(() => {}).then(() => ${get}) : ${get})`
      : get;
    return `() => {\n    const src = ${src};\n    src.catch(() => {});\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n`;
  };
  const ownFile = new Set(Object.values(splits).map((s) => s.own));
  let out = head;
  for (const b of bundles) {
    // A split point's own piece alone is fetched by its own loader below (unless the first
    // view needs it: the others wait for the first view's bundles by name).
    if (b.pieces.length === 1 && ownFile.has(b.pieces[0]) && !b.first) continue;
    out += `/* ${b.pieces.join(', ')} */\nconst ${v(b)} = makeLoad(${fetcher(b)}, []);\n`;
  }
  for (const [s, { own, deps }] of Object.entries(splits)) {
    const need = new Set(deps.map((f) => v(bundleOf[f])));
    let fetch;
    if (own && bundleOf[own].pieces.length === 1 && !bundleOf[own].first) {
      fetch = fetcher(bundleOf[own]);
    } else {
      fetch = '() => async (_imp) => ({})';
      if (own) need.add(v(bundleOf[own]));
    }
    out += `export const __wasm_split_load_${s} = wrapAsyncCb(makeLoad(${fetch}, [${[...need].join(', ')}]));\n`;
  }
  return out;
}

// ---- merging pieces (binaryen's wasm-merge) ----

/** The pieces `inputs` as one module, checked (see the top). */
export function merge(inputs, wasmMerge = 'wasm-merge') {
  if (inputs.length === 1) return readFileSync(inputs[0]);
  const bufs = inputs.map((f) => readFileSync(f));
  // The first module re-exports the shared imports (it must import all of them); the others
  // import them from it, so the bundle imports the main module's memory and table once.
  const fields = (b) => imports(b).map((i) => i.field);
  const all = new Set(bufs.flatMap(fields));
  const first = bufs.findIndex((b) => fields(b).length === all.size);
  if (first < 0) throw new Error(`merge: no piece imports all of ${[...all]}`);
  const order = [first, ...bufs.map((_, i) => i).filter((i) => i !== first)];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ulab-merge-'));
  try {
    const args = [];
    order.forEach((k, i) => {
      const p = path.join(tmp, `m${i}.wasm`);
      writeFileSync(p, linkable(bufs[k], i === 0));
      args.push(p, `m${i}`);
    });
    const merged = path.join(tmp, 'merged.wasm');
    // -g: the names stay (the optimizer drops them unless APP_WASM_NAMES=1).
    execFileSync(wasmMerge, [...args, '-o', merged, '-g', ...FEATURES], { stdio: ['ignore', 'ignore', 'inherit'] });
    const out = withoutSections(readFileSync(merged), (s) => s.id === 7);
    check(bufs, out);
    return out;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A piece ready for wasm-merge: the first re-exports its imports; the others import from it. */
function linkable(buf, first) {
  const own = imports(buf);
  const parts = [buf.subarray(0, 8)];
  let exported = false;
  const exportAll = () => {
    const counts = [0, 0, 0, 0];
    const list = own.map((i) => Buffer.concat([name(i.field), Buffer.from([i.kind]), leb(counts[i.kind]++)]));
    parts.push(section(7, Buffer.concat([leb(list.length), ...list])));
    exported = true;
  };
  for (const s of sections(buf)) {
    if (s.id === 2) {
      const list = own.map((i) => Buffer.concat([name(first ? i.mod : 'm0'), name(i.field), i.desc]));
      parts.push(section(2, Buffer.concat([leb(list.length), ...list])));
      continue;
    }
    if (s.id === 7) {
      if (buf[s.body] !== 0) throw new Error('merge: a piece with exports (another wasm-split-cli?)');
      continue;
    }
    // Sections in order: the exports go before the first section after them (start, elements…).
    if (first && !exported && s.id > 7) exportAll();
    parts.push(buf.subarray(s.start, s.end));
  }
  if (first && !exported) exportAll();
  return Buffer.concat(parts);
}

/** What a merge must keep: data segments, element segments, function count, imports. */
function signature(buf) {
  const sig = { data: [], elements: [], functions: 0, imports: imports(buf).map((i) => `${i.mod}.${i.field}`) };
  for (const s of sections(buf)) {
    const r = reader(buf, s.body);
    if (s.id === 3) sig.functions = r.u32();
    if (s.id === 11) {
      for (let n = r.u32(); n > 0; n--) {
        const flag = r.u32();
        if (flag === 2) r.u32();
        const at = flag === 1 ? 'passive' : r.expr();
        const size = r.u32();
        // An empty segment writes nothing (binaryen drops it).
        if (size > 0) sig.data.push(`${at}:${buf.toString('hex', r.p, r.p + size)}`);
        r.p += size;
      }
    }
    if (s.id === 9) {
      for (let n = r.u32(); n > 0; n--) {
        const flag = r.u32();
        let at = 'passive';
        if ((flag & 1) === 0) {
          if (flag & 2) r.u32();
          at = r.expr();
        }
        if (flag & 3) r.p++;
        const k = r.u32();
        const items = [];
        for (let j = 0; j < k; j++) items.push(flag & 4 ? r.expr() : r.u32());
        // Function indices change in a merge: the offset and the count must not.
        sig.elements.push(`${at}:${k}`);
      }
    }
  }
  return sig;
}

function check(inputs, merged) {
  const ins = inputs.map(signature);
  const out = signature(merged);
  const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  const fail = (what) => {
    throw new Error(`merge: the bundle's ${what} differ from its pieces'`);
  };
  if (!same(ins.flatMap((s) => s.data), out.data)) fail('data segments');
  if (!same(ins.flatMap((s) => s.elements), out.elements)) fail('element segments');
  // wasm-merge drops the functions nothing calls and no table holds (as -Oz would): never more.
  if (out.functions > ins.reduce((a, s) => a + s.functions, 0) || out.functions === 0) fail('functions');
  if (!same([...new Set(ins.flatMap((s) => s.imports))], out.imports)) fail('imports');
}
