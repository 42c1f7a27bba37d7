// The chunks' direct calls (scripts/wasm-opt-pool.mjs) and what they rely on (scripts/app.mjs,
// `checkTable`): `node --test tests/scripts/`, run by scripts/test.sh.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import binaryen from 'binaryen';
import { optimizeBytes, tableWrites } from '../../scripts/wasm-opt-pool.mjs';
import { tableSlots } from '../../scripts/wasm-read.mjs';

const i32 = binaryen.i32;

/**
 * A chunk as wasm-split-cli writes one: it imports the function table, fills slot 5 with its
 * own `own` (returns 40) and calls slot 5 and slot 7 (a function of another module) through
 * the table; with `write`, `set` also empties slot 7.
 */
function chunk({ write = false } = {}) {
  const m = new binaryen.Module();
  m.addTable('table', 8, 8);
  m.addTableImport('table', '__wasm_split', '__indirect_function_table');
  m.setFeatures(binaryen.Features.MVP | binaryen.Features.ReferenceTypes | binaryen.Features.BulkMemory);
  m.addFunction('own', binaryen.none, i32, [], m.i32.const(40));
  m.addFunction('run', binaryen.none, i32, [], m.i32.add(
    m.call_indirect('table', m.i32.const(5), [], binaryen.none, i32),
    m.call_indirect('table', m.i32.const(7), [], binaryen.none, i32),
  ));
  m.addActiveElementSegment('table', 'elems', ['own'], m.i32.const(5));
  m.addFunctionExport('run', 'run');
  if (write) {
    m.addFunction('set', binaryen.none, binaryen.none, [], m.table.set('table', m.i32.const(7), m.ref.null(binaryen.funcref)));
    m.addFunctionExport('set', 'set');
  }
  assert.ok(m.validate());
  // The features in the module (as the app's wasm has them), so that it reads back the same.
  m.runPasses(['emit-target-features']);
  const bytes = Buffer.from(m.emitBinary());
  m.dispose();
  return bytes;
}

/** The chunk's `run` with a table whose slot 7 holds a function returning 2. */
async function run(bytes) {
  const table = new WebAssembly.Table({ element: 'anyfunc', initial: 8, maximum: 8 });
  const two = new binaryen.Module();
  two.addFunction('two', binaryen.none, i32, [], two.i32.const(2));
  two.addFunctionExport('two', 'two');
  const { instance: helper } = await WebAssembly.instantiate(Buffer.from(two.emitBinary()));
  two.dispose();
  table.set(7, helper.exports.two);
  const { instance } = await WebAssembly.instantiate(bytes, { __wasm_split: { __indirect_function_table: table } });
  return instance.exports.run();
}

test('optimizeBytes: a chunk calls the slots it fills directly, the others through the table', async () => {
  const bytes = chunk();
  assert.equal(await run(bytes), 42);
  const out = Buffer.from(optimizeBytes(binaryen, bytes));
  assert.equal(await run(out), 42);
  const m = binaryen.readBinary(out);
  const text = m.emitText();
  m.dispose();
  // Slot 5's call is gone (made direct, then inlined: `own` returns a constant); slot 7's stays.
  assert.equal([...text.matchAll(/call_indirect/g)].length, 1, text);
  assert.match(text, /\(i32\.const 7\)/);
  // What slot 5 is filled with is still in the table for the other modules.
  assert.deepEqual(tableSlots(out), [5]);
});

test('optimizeBytes: a module whose code writes the function table is refused', () => {
  assert.throws(() => optimizeBytes(binaryen, chunk({ write: true })), /writes the function table \(table\.set/);
});

test('tableWrites: only the instructions that change a funcref table', () => {
  const text = [
    '(module',
    ' (import "__wasm_split" "__indirect_function_table" (table $timport$0 6676 funcref))',
    ' (table $1 1028 externref)',
    ' (func $f (table.set $1 (i32.const 0) (ref.null noextern)) (drop (table.grow $1 (ref.null noextern) (i32.const 1))))',
    ' (func $g (drop (table.get $timport$0 (i32.const 3))))',
    ')',
  ].join('\n');
  assert.deepEqual(tableWrites(text), []);
  assert.deepEqual(tableWrites(`${text}\n(table.fill $timport$0 (i32.const 0))`), ['table.fill $timport$0']);
});

test('tableSlots: the slots a module fills with a function, not those it fills with null', () => {
  const m = new binaryen.Module();
  m.setFeatures(binaryen.Features.MVP | binaryen.Features.ReferenceTypes | binaryen.Features.BulkMemory);
  m.addFunction('a', binaryen.none, binaryen.none, [], m.nop());
  m.addFunction('b', binaryen.none, binaryen.none, [], m.nop());
  m.addTable('table', 20, 20);
  m.addActiveElementSegment('table', 'one', ['a', 'b'], m.i32.const(3));
  m.addActiveElementSegment('table', 'two', ['b'], m.i32.const(10));
  m.addFunctionExport('a', 'a');
  assert.ok(m.validate());
  const bytes = Buffer.from(m.emitBinary());
  m.dispose();
  assert.deepEqual(tableSlots(bytes), [3, 4, 10]);
  // A segment in the expression form (as the main module's, with nulls for the chunks' slots).
  const nulls = Buffer.from(
    '0061736d01000000010401600000030201000405017001141409' +
      '0f01' + // one segment
      '04' + // flags 4: active, table 0, expressions
      '41020b' + // offset 2
      '03' + // three entries
      'd2000b' + // ref.func 0
      'd0700b' + // ref.null func
      'd2000b' + // ref.func 0
      '0a040102000b',
    'hex',
  );
  assert.ok(WebAssembly.validate(nulls));
  assert.deepEqual(tableSlots(nulls), [2, 4]);
});
