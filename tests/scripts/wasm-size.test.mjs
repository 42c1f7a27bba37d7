// The wasm reader (scripts/wasm-read.mjs) and the attribution of scripts/wasm-size.mjs
// (`node --test tests/scripts/`, run by scripts/test.sh), on a module built here by binaryen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import binaryen from 'binaryen';
import { functions, reader, sections, withoutSections } from '../../scripts/wasm-read.mjs';
import { kindOf, moduleOf, tally } from '../../scripts/wasm-size.mjs';

const NAMES = [
  'ulab_ui[572fad3025d39e7]::compare::view',
  '<ulab_ui[572fad3025d39e7]::pd::table::{closure#3} as core[c5930c85a12de822]::ops::function::FnOnce<()>>::call_once',
  'core[c5930c85a12de822]::ptr::drop_in_place::<alloc[3ca501edff3f0c7c]::string::String>',
];

/** A module importing one function and defining NAMES, with a `name` section. */
function module() {
  const m = new binaryen.Module();
  m.addFunctionImport('imported', 'env', 'f', binaryen.none, binaryen.none);
  m.addFunction(NAMES[0], binaryen.none, binaryen.i32, [], m.i32.const(1));
  m.addFunction(NAMES[1], binaryen.none, binaryen.i32, [binaryen.i32], m.block(null, [
    m.local.set(0, m.i32.const(40)),
    m.call('imported', [], binaryen.none),
    m.i32.add(m.local.get(0, binaryen.i32), m.i32.const(2)),
  ], binaryen.i32));
  m.addFunction(NAMES[2], binaryen.none, binaryen.none, [], m.nop());
  for (const n of NAMES) m.addFunctionExport(n, n);
  binaryen.setDebugInfo(true);
  const bytes = Buffer.from(m.emitBinary());
  binaryen.setDebugInfo(false);
  m.dispose();
  return bytes;
}

test('functions: the defined functions in order, after the imported one, with names and body sizes', () => {
  const bytes = module();
  const fns = functions(bytes);
  assert.deepEqual(fns.map((f) => [f.index, f.name]), NAMES.map((n, i) => [i + 1, n]));
  // The sizes are the bodies': with their length prefixes and the count they fill the code section.
  const code = sections(bytes).find((s) => s.id === 10);
  const leb = (n) => (n < 128 ? 1 : 2);
  assert.equal(leb(fns.length) + fns.reduce((a, f) => a + leb(f.size) + f.size, 0), code.end - code.body);
  assert.ok(fns[1].size > fns[0].size && fns[0].size > fns[2].size, JSON.stringify(fns));
});

test('withoutSections: no custom section left, still a valid module, no names', () => {
  const bytes = module();
  const customs = (b) => sections(b).filter((s) => s.id === 0).map((s) => reader(b, s.body).str());
  assert.ok(customs(bytes).includes('name'));
  const bare = withoutSections(bytes, (s) => s.id === 0);
  assert.deepEqual(customs(bare), []);
  assert.ok(WebAssembly.validate(bare));
  assert.deepEqual(functions(bare).map((f) => f.name), [null, null, null]);
  assert.deepEqual(functions(bare).map((f) => f.size), functions(bytes).map((f) => f.size));
  assert.equal(sections(withoutSections(bytes, (s) => s.id === 7)).some((s) => s.id === 7), false);
});

test('moduleOf: the first path of the app in a name, else the library crate', () => {
  assert.equal(moduleOf(NAMES[0]), 'ulab_ui::compare');
  assert.equal(moduleOf(NAMES[1], 3), 'ulab_ui::pd::table');
  assert.equal(moduleOf('<leptos[1a]::for_loop::__component_for<ulab_state[2b]::roc::Row, u32> as tachys[3c]::view::Render>::build'), 'ulab_state::roc');
  assert.equal(moduleOf(NAMES[2]), 'lib:core');
  assert.equal(moduleOf('<&serde_json[93e8]::value::Value as serde_core[14f6]::de::Deserializer>::deserialize_map'), 'lib:serde_json');
  assert.equal(moduleOf('utility_lab[d018]::main', 1), 'utility_lab');
  assert.equal(moduleOf(null), 'lib:?');
});

test('kindOf: the path without generic arguments; the app by module', () => {
  assert.equal(kindOf(NAMES[1]), '<>::call_once');
  assert.equal(kindOf(NAMES[2]), 'core::ptr::drop_in_place');
  assert.equal(kindOf(NAMES[0]), 'app ulab_ui::compare');
  assert.equal(kindOf('<F as tachys[1]::view::Render>::build::{closure#0}'), '<>::build::{c}');
  assert.equal(kindOf('<X<Y<Z>>>::new::{closure#1}::{closure#0}'), '<>::new::{c}::{c}');
});

test('tally: bytes and functions by key, largest first', () => {
  const fns = [{ name: 'a::x', size: 5 }, { name: 'b::y', size: 7 }, { name: 'a::z', size: 4 }];
  assert.deepEqual(tally(fns, (n) => n.split('::')[0]), [['a', 9, 2], ['b', 7, 1]]);
});
