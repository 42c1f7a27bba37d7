// The functions' order of scripts/wasm-opt-pool.mjs (`node --test tests/scripts/`, run by
// scripts/test.sh): a module built here by binaryen keeps what it does, and its functions go
// in the order of their bodies' bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import binaryen from 'binaryen';
import { bodies, functions, reader, sections } from '../../scripts/wasm-read.mjs';
import { compressionOrder, inCompressionOrder, optimizeBytes } from '../../scripts/wasm-opt-pool.mjs';

/**
 * A module importing `env.log`, defining four functions whose bodies' bytes sort in another
 * order than they are defined (`big` > `mid` > `tiny`, and `calls` calling two of them, one
 * through a table), exporting each; with a `name` section.
 */
function module() {
  const m = new binaryen.Module();
  const i32 = binaryen.i32;
  m.addFunctionImport('log', 'env', 'log', i32, binaryen.none);
  m.addFunction('big', binaryen.none, i32, [i32, i32], m.block(null, [
    m.local.set(0, m.i32.const(7)),
    m.local.set(1, m.i32.mul(m.local.get(0, i32), m.i32.const(6))),
    m.local.get(1, i32),
  ], i32));
  m.addFunction('tiny', binaryen.none, i32, [], m.i32.const(5));
  m.addFunction('calls', binaryen.none, i32, [], m.block(null, [
    m.call('log', [m.i32.const(1)], binaryen.none),
    m.i32.add(
      m.call('tiny', [], i32),
      m.call_indirect('table', m.i32.const(0), [], binaryen.none, i32),
    ),
  ], i32));
  m.addFunction('mid', binaryen.none, i32, [i32], m.block(null, [
    m.local.set(0, m.i32.const(100)),
    m.local.get(0, i32),
  ], i32));
  m.addTable('table', 1, 1);
  m.addActiveElementSegment('table', 'elems', ['mid'], m.i32.const(0));
  for (const n of ['big', 'tiny', 'calls', 'mid']) m.addFunctionExport(n, n);
  assert.ok(m.validate());
  binaryen.setDebugInfo(true);
  const bytes = Buffer.from(m.emitBinary());
  binaryen.setDebugInfo(false);
  m.dispose();
  return bytes;
}

/** Each export's result, and what it logged. */
async function run(bytes) {
  const logged = [];
  const { instance } = await WebAssembly.instantiate(bytes, { env: { log: (x) => logged.push(x) } });
  const out = {};
  for (const n of ['big', 'tiny', 'calls', 'mid']) out[n] = instance.exports[n]();
  return { out, logged };
}

/** The export names in the order of the functions they name. */
function exportOrder(bytes) {
  const s = sections(bytes).find((x) => x.id === 7);
  const r = reader(bytes, s.body);
  const byIndex = [];
  for (let n = r.u32(); n > 0; n--) {
    const name = r.str();
    const kind = bytes[r.p++];
    const index = r.u32();
    if (kind === 0) byIndex.push([index, name]);
  }
  return byIndex.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

test('compressionOrder: the functions named by the rank of their bodies\' bytes', () => {
  const bytes = module();
  const code = bodies(bytes);
  const expected = [0, 1, 2, 3].sort((a, b) => Buffer.compare(code[a], code[b]));
  const named = compressionOrder(bytes);
  const names = functions(named).map((f) => f.name);
  assert.deepEqual(names, [0, 1, 2, 3].map((i) => String(expected.indexOf(i))));
  // Only the names changed.
  assert.deepEqual(bodies(named), code);
  assert.ok(WebAssembly.validate(named));
});

test('inCompressionOrder: the same results, the functions sorted by their bodies, no names', async () => {
  const bytes = module();
  const before = await run(bytes);
  assert.deepEqual(before.out, { big: 42, tiny: 5, calls: 105, mid: 100 });
  const code = bodies(bytes);
  const defined = ['big', 'tiny', 'calls', 'mid'];
  const expected = [0, 1, 2, 3].sort((a, b) => Buffer.compare(code[a], code[b])).map((i) => defined[i]);
  assert.notDeepEqual(expected, defined, 'the test module must start in another order');
  const m = binaryen.readBinary(bytes);
  const ordered = inCompressionOrder(binaryen, m);
  const out = Buffer.from(ordered.emitBinary());
  ordered.dispose();
  assert.deepEqual(exportOrder(out), expected);
  assert.deepEqual(await run(out), before);
  assert.ok(functions(out).every((f) => f.name === null));
});

test('optimizeBytes: an optimized module that does the same, without names or producers', async () => {
  const bytes = module();
  const out = Buffer.from(optimizeBytes(binaryen, bytes));
  assert.deepEqual(await run(out), await run(bytes));
  const customs = sections(out).filter((s) => s.id === 0).map((s) => reader(out, s.body).str());
  assert.deepEqual(customs, []);
  assert.ok(out.length < bytes.length);
});
