// The bundling policy of scripts/bundle.mjs (`node --test tests/scripts/`, run by
// scripts/test.sh): which pieces of wasm-split-cli's output go into which file, and the loader
// that fetches them. The loaders here have wasm-split-cli's form (its chunks, its split points).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIRST_MAX, fetchedBySplit, firstFiles, parseLoader, plan, viewSplits, writeLoader } from '../../scripts/bundle.mjs';

const HEAD = 'function makeLoad(fetcher, deps) {}\nfunction wrapAsyncCb(callee) {}\n';
const fetcher = (file) =>
  `() => {\n    const src = fetch(new URL("./${file}", import.meta.url));\n    src.catch(() => {});\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n`;

/**
 * A loader of wasm-split-cli's form: `chunks` maps a chunk number to the split points needing it;
 * every split point has its own piece `split_<name>.wasm`.
 */
function loader(splits, chunks) {
  let js = HEAD;
  for (const [n, users] of Object.entries(chunks)) {
    js += `/* ${users.join(', ')} */\nconst __chunk_${n} = makeLoad(${fetcher(`chunk_${n}.wasm`)}, []);\n`;
  }
  for (const s of splits) {
    const deps = Object.entries(chunks).filter(([, users]) => users.includes(s)).map(([n]) => `__chunk_${n}`);
    js += `export const __wasm_split_load_${s} = wrapAsyncCb(makeLoad(${fetcher(`split_${s}.wasm`)}, [${deps.join(', ')}]));\n`;
  }
  return js;
}

const SPLITS = ['compare', 'later', 'share_bar', 'print_link', 'story', 'decide', 'probs', 'state_file'];
// Sizes (gzip) by piece: the split points' own pieces are large, the shared chunks mixed.
const CHUNKS = {
  1: ['compare', 'decide', 'later', 'print_link', 'probs', 'share_bar', 'state_file', 'story'], // everyone's
  2: ['compare', 'decide', 'probs'],
  3: ['compare', 'story'],
  4: ['compare'],
  5: ['decide', 'probs'],
  6: ['share_bar', 'print_link'],
  7: ['later'],
  8: ['story'],
  9: ['decide', 'story'],
  10: ['compare', 'later'],
  11: ['probs'],
  12: ['state_file'], // the state file's code, fetched on demand (serde)
  13: ['share_bar', 'state_file'],
};
const SIZE = { chunk_1: 90_000, chunk_2: 40_000, chunk_3: 30_000, chunk_4: 20_000, chunk_5: 25_000, chunk_6: 15_000, chunk_7: 2_000, chunk_8: 3_000, chunk_9: 500, chunk_10: 1_000, chunk_11: 60_000, chunk_12: 35_000, chunk_13: 4_000 };
const gz = (f) => SIZE[f.replace(/\.wasm$/, '')] ?? 50_000;

const parsed = parseLoader(loader(SPLITS, CHUNKS));
const needs = (s) => new Set([...parsed.splits[s].deps, parsed.splits[s].own]);
const bundles = plan(parsed, gz);
const bundleOf = Object.fromEntries(bundles.flatMap((b) => b.pieces.map((p) => [p, b])));

test('every piece is in exactly one bundle, and every bundle has a name of its own', () => {
  const pieces = bundles.flatMap((b) => b.pieces);
  assert.equal(new Set(pieces).size, pieces.length);
  assert.equal(pieces.length, Object.keys(CHUNKS).length + SPLITS.length);
  assert.equal(new Set(bundles.map((b) => b.file)).size, bundles.length);
});

test("Compare's first view fetches exactly its code, in at most FIRST_MAX bundles", () => {
  const firsts = bundles.filter((b) => b.first);
  assert.ok(firsts.length >= 1 && firsts.length <= FIRST_MAX, `${firsts.length}`);
  assert.deepEqual(new Set(firsts.flatMap((b) => b.pieces)), needs('compare'));
});

test("a visit to another view fetches none of Compare's own code, and little it does not need", () => {
  const firstView = bundles.filter((b) => b.first).flatMap((b) => b.pieces);
  for (const view of ['story', 'decide', 'probs']) {
    const need = new Set([...needs(view), ...needs('share_bar'), ...needs('print_link')]);
    const fetched = new Set([...need].flatMap((p) => bundleOf[p].pieces));
    for (const own of ['split_compare.wasm', 'chunk_4.wasm', 'chunk_10.wasm']) assert.ok(!fetched.has(own), `${view}: ${own}`);
    const extra = [...fetched].filter((p) => !need.has(p)).reduce((a, p) => a + gz(p), 0);
    // What the first view's FIRST_MAX bundles force on it at most: the code the first view
    // shares with the other views.
    const shared = firstView.filter((p) => !need.has(p) && bundleOf[p].pieces.some((q) => need.has(q)));
    assert.ok(extra <= 12_000 + shared.reduce((a, p) => a + gz(p), 0), `${view} fetches ${extra} bytes it does not need`);
    assert.ok(extra < firstView.filter((p) => !need.has(p)).reduce((a, p) => a + gz(p), 0), `${view}: all of Compare's`);
  }
});

test("the state file's code is fetched by no view's visit, and is no view", () => {
  const own = new Set([...needs('state_file')].filter((p) => !Object.entries(CHUNKS).some(([n, users]) => `chunk_${n}.wasm` === p && users.some((u) => u !== 'state_file'))));
  assert.deepEqual([...own].sort(), ['chunk_12.wasm', 'split_state_file.wasm']);
  const visits = [['compare', 'later', 'share_bar', 'print_link'], ...['story', 'decide', 'probs'].map((v) => [v, 'share_bar', 'print_link'])];
  for (const visit of visits) {
    const fetched = new Set(visit.flatMap((s) => [...needs(s)].flatMap((p) => bundleOf[p].pieces)));
    for (const p of own) assert.ok(!fetched.has(p), `${visit[0]} fetches ${p}`);
  }
  assert.ok(!viewSplits(writeLoader(parsed, bundles)).includes('state_file'));
});

test('the loader asks for the first bundles early, and each split point loads everything it needs', () => {
  const js = writeLoader(parsed, bundles);
  assert.deepEqual(new Set(firstFiles(js)), new Set(bundles.filter((b) => b.first).map((b) => b.file)));
  // Each split point's loader fetches the bundles holding what it needs.
  const fetched = fetchedBySplit(js);
  assert.deepEqual(Object.keys(fetched).sort(), [...SPLITS].sort());
  for (const s of SPLITS) {
    for (const piece of needs(s)) assert.ok(fetched[s].has(bundleOf[piece].file), `${s} needs ${piece} (${bundleOf[piece].file})`);
  }
  assert.deepEqual(viewSplits(js).sort(), ['decide', 'probs', 'story']);
  // The later parts and the chrome wait for the first view's bundles, on a visit to Compare only.
  for (const b of bundles.filter((x) => !x.first && x.loads.some((l) => l === 'later' || l === 'chrome'))) {
    const at = js.indexOf(`new URL("./${b.file}"`);
    const line = js.slice(js.lastIndexOf('const src', at), at);
    assert.match(line, /globalThis\.__ulabEarly\?\.compare \? Promise\.all\(\[/, b.file);
  }
});

test('each file is fetched by one loader only, and the same pieces give the same bundles', () => {
  const js = writeLoader(parsed, bundles);
  // One file per fetcher (a fetcher may name it twice: with and without the wait).
  const urls = [...js.matchAll(/const src = ([^\n]*);/g)].map((m) => {
    const files = new Set([...m[1].matchAll(/new URL\("\.\/([^"]+)"/g)].map((f) => f[1]));
    assert.equal(files.size, 1, m[1]);
    return [...files][0];
  });
  assert.equal(new Set(urls).size, urls.length, urls.join(', '));
  assert.deepEqual(new Set(urls), new Set(bundles.map((b) => b.file)));
  assert.deepEqual(plan(parseLoader(loader(SPLITS, CHUNKS)), gz), bundles);
});

test("a later part waits for the first view's bundles' turn, not for their success", () => {
  const js = writeLoader(parsed, bundles);
  const waits = [...js.matchAll(/Promise\.all\(\[[^\]]*\]\)([^\n]*)/g)].map((m) => m[1]);
  assert.ok(waits.length > 0);
  for (const w of waits) assert.match(w, /^\.catch\(\(\) => \{\}\)\.then\(/);
});

test("Compare's first view as one piece of its own: declared by name, its split point waits for it", () => {
  // Compare needs nothing but its own piece and the chunk every split point needs.
  const small = parseLoader(loader(['compare', 'later', 'share_bar', 'print_link', 'story'], {
    1: ['compare', 'later', 'print_link', 'share_bar', 'story'],
    2: ['later'],
    3: ['share_bar', 'print_link'],
    4: ['story'],
  }));
  const bs = plan(small, gz);
  const firsts = bs.filter((b) => b.first);
  assert.ok(firsts.length <= FIRST_MAX);
  assert.deepEqual(new Set(firsts.flatMap((b) => b.pieces)), new Set(['split_compare.wasm', 'chunk_1.wasm']));
  const js = writeLoader(small, bs);
  assert.deepEqual(new Set(firstFiles(js)), new Set(firsts.map((b) => b.file)));
  // Every name a loader waits for is declared before the split points' loaders.
  const declared = new Set([...js.matchAll(/^const (__bundle_\w+) = makeLoad/gm)].map((m) => m[1]));
  for (const m of js.matchAll(/__bundle_\w+/g)) assert.ok(declared.has(m[0]), m[0]);
  const compare = /export const __wasm_split_load_compare = wrapAsyncCb\(makeLoad\(([\s\S]*?), \[([^\]]*)\]\)\);/.exec(js);
  assert.equal(compare[1], '() => async (_imp) => ({})');
  for (const b of firsts) assert.ok(compare[2].includes(`__bundle_${b.name}`), b.name);
});

test('a loader of another form is refused', () => {
  assert.throws(() => parseLoader('export const x = 1;'), /no chunk found/);
  assert.throws(() => plan(parseLoader(loader(['story'], { 1: ['story'] })), gz), /no split point compare/);
});
