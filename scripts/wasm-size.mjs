#!/usr/bin/env node
// Where the bytes of the page's wasm are (issue 29): the app built as one module with v0 symbol
// names (`-C symbol-mangling-version=v0`: a name keeps its generic arguments, so Leptos's code
// compiled for one of the app's closures is named after it), bound, optimized whole with -Oz
// keeping the names (scripts/wasm-opt-pool.mjs), then its code summed
//   * by module of the app: a function counts for the first `ulab_*` path in its name (a
//     library's generic code for the app's code it was compiled for), else for its crate
//     (`lib:<crate>`);
//   * by kind: the function's path without its generic arguments (`<>::call_once`: the bodies
//     of closures; `core::ptr::drop_in_place`: drop glue; `{shim:vtable#0}`: vtable shims).
// The split build's pieces (scripts/app.mjs) add ~0.14 MB gzip to this one module's figure.
//
//   node scripts/wasm-size.mjs [--wasm FILE] [--by module|kind] [--depth 2] [--top 40] [--grep RE]
//
// Without --wasm it builds first (cargo into target/size-named, ~3 min the first time; the
// page's build in target/ is not touched); --wasm reads a module that has a `name` section.
// Not a test: it prints figures (docs/benchmarks.md, "Left for issue 29").
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { functions, reader, sections, withoutSections } from './wasm-read.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `name` without rustc's crate hashes (`ulab_ui[572fad3025d39e7]` → `ulab_ui`). */
export const plain = (name) => name.replace(/\[[0-9a-f]+\]/g, '');

/**
 * The module of the app a function counts for, to `depth` path segments: the first
 * `ulab_*`/`utility_lab` path in its name, else `lib:` and the crate its name starts with.
 */
export function moduleOf(name, depth = 2) {
  const n = plain(name ?? '?');
  const own = n.match(/\b(ulab_[a-z_]+|utility_lab)((?:::[a-z_0-9]+)*)/);
  if (own) return (own[1] + own[2]).split('::').slice(0, depth).join('::');
  const lib = n.replace(/^[<&*\s]+/, '').match(/^([A-Za-z_0-9]+)/);
  return `lib:${lib ? lib[1] : '?'}`;
}

/**
 * The kind of a function: its path without generic arguments (each `<…>` emptied), closures
 * numbered alike (`{c}`); a function of the app's own is its module (`app ulab_ui::widgets`).
 */
export function kindOf(name, depth = 2) {
  const n = plain(name ?? '?');
  if (/^(ulab_|utility_lab)/.test(n)) return `app ${moduleOf(n, depth)}`;
  let out = '';
  let level = 0;
  for (const c of n) {
    if (c === '<') {
      if (level++ === 0) out += '<';
    } else if (c === '>') {
      if (--level === 0) out += '>';
    } else if (level === 0) out += c;
  }
  return out.replace(/::<>/g, '').replace(/\{closure#\d+\}/g, '{c}');
}

/** `[key, bytes, count]` of `fns` summed by `keyOf`, largest first. */
export function tally(fns, keyOf) {
  const sums = new Map();
  for (const f of fns) {
    const k = keyOf(f.name);
    const s = sums.get(k) ?? [k, 0, 0];
    s[1] += f.size;
    s[2] += 1;
    sums.set(k, s);
  }
  return [...sums.values()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Builds the named, optimized module; returns its path. */
async function build() {
  const dir = path.join(root, 'target', 'size-named');
  // RUSTFLAGS replaces .cargo/config.toml's flags for the target: they are read and kept.
  const config = readFileSync(path.join(root, '.cargo', 'config.toml'), 'utf8');
  const flags = [...(config.match(/rustflags\s*=\s*\[([^\]]*)\]/)?.[1] ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const env = {
    ...process.env,
    CARGO_TARGET_DIR: dir,
    RUSTFLAGS: [...flags, '-C', 'symbol-mangling-version=v0'].join(' '),
    PATH: [path.join(root, 'node_modules/.bin'), path.join(process.env.HOME ?? '', '.cargo/bin'), process.env.PATH].join(':'),
  };
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  run('cargo', ['build', '--profile', 'wasm-app', '--target', 'wasm32-unknown-unknown', '--bin', 'utility-lab']);
  const bound = path.join(dir, 'bound');
  mkdirSync(bound, { recursive: true });
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', bound, '--out-name', 'app',
    path.join(dir, 'wasm32-unknown-unknown', 'wasm-app', 'utility-lab.wasm')]);
  // Without the linker's relocations (kept for wasm-split-cli, build.rs), which binaryen
  // would warn about and carry along; the names stay.
  const out = path.join(dir, 'app-named.wasm');
  const bytes = readFileSync(path.join(bound, 'app_bg.wasm'));
  writeFileSync(out, withoutSections(bytes, (s) => s.id === 0 && /^(linking|reloc\.)/.test(reader(bytes, s.body).str())));
  // The names stay (-g): the pool reads the switch when it is imported, in every thread.
  process.env.APP_WASM_NAMES = '1';
  const { optimizeAll } = await import('./wasm-opt-pool.mjs');
  await optimizeAll([out]);
  return out;
}

async function main(args) {
  const flag = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
  const file = flag('wasm') ?? (await build());
  const by = flag('by', 'both');
  const depth = Number(flag('depth', 2));
  const top = Number(flag('top', 40));
  const grep = flag('grep') ? new RegExp(flag('grep')) : null;
  const buf = readFileSync(file);
  const all = functions(buf);
  if (all.length > 0 && all.every((f) => f.name === null)) throw new Error(`${file} has no names: build it with names (no --wasm)`);
  const fns = grep ? all.filter((f) => grep.test(plain(f.name ?? ''))) : all;
  const code = fns.reduce((a, f) => a + f.size, 0);
  const data = sections(buf).filter((s) => s.id === 11).reduce((a, s) => a + s.end - s.body, 0);
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`${file}: ${fns.length} functions${grep ? ` matching ${grep}` : ''}, code ${kb(code)} raw; data ${kb(data)};`
    + ` gzip -9 of the module without custom sections ${zlib.gzipSync(withoutSections(buf, (s) => s.id === 0), { level: 9 }).length} B`);
  const print = (title, rows) => {
    console.log(`\n${title}:`);
    for (const [k, bytes, n] of rows.slice(0, top)) {
      console.log(`${String(bytes).padStart(9)} ${(100 * bytes / code).toFixed(1).padStart(5)} % ${String(n).padStart(5)}  ${k.slice(0, 160)}`);
    }
  };
  if (by !== 'kind') print(`by module of the app (depth ${depth}): bytes, share, functions`, tally(fns, (n) => moduleOf(n, depth)));
  if (by !== 'module') print('by kind (generic arguments left out): bytes, share, functions', tally(fns, (n) => kindOf(n, depth)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`wasm-size: ${e.message}`);
    process.exit(1);
  });
}
