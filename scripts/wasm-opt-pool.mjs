// `wasm-opt -Oz` on many wasm files, in this process: binaryen's own library (npm `binaryen`,
// the same version_132 as the `wasm-opt` command scripts/setup.sh installs), loaded once per
// worker thread, one worker per core.
//
// The `wasm-opt` command of that package is the same library behind a 10 MB script: each run
// spends ~0.6 s starting before it reads a byte, and the app's split build has ~130 pieces,
// most under 2 KB (scripts/app.mjs). Here each worker starts once; the pieces, largest first,
// go to whichever worker is free. The passes are binaryen's default pipeline at optimize level
// 2, shrink level 2 (what -Oz runs); the output can differ from the command's by a few bytes
// in a hundred thousand. Then the functions are put in the order that compresses best that we
// found (`compressionOrder`).
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { bodies, functions, withFunctionNames } from './wasm-read.mjs';

/**
 * What runs on every file: -Oz, with the features the app's wasm uses; with `APP_WASM_NAMES=1`
 * in the environment, the functions keep their names (-g: a build to profile, larger).
 */
export const OPTIONS = {
  optimizeLevel: 2,
  shrinkLevel: 2,
  enable: ['BulkMemory', 'NontrappingFPToInt'],
  names: process.env.APP_WASM_NAMES === '1',
};

/**
 * The module's functions renamed so that binaryen's `reorder-functions-by-name` puts them in
 * the order of their bodies' bytes (ties: the old order). Nothing they do changes (calls,
 * tables and exports follow a function wherever it goes); what changes is what gzip finds
 * within its 32 KB window: the copies of one generic function for different types are
 * alike byte for byte but were scattered over the module, and now sit side by side. Measured
 * on the app's 18 files, gzip -9: 1 255 138 → 1 225 600 B (−2.4 %; `bundle_compare` −6 %);
 * ordered by name instead −1.2 %, by likeness (a greedy chain over MinHash signatures) as by
 * bytes.
 */
export function compressionOrder(buf) {
  const fns = functions(buf);
  const code = bodies(buf);
  const order = fns.map((_, i) => i).sort((a, b) => Buffer.compare(code[a], code[b]) || a - b);
  const width = String(order.length).length;
  return withFunctionNames(buf, order.map((i, rank) => [fns[i].index, String(rank).padStart(width, '0')]));
}

/** Optimizes `files` in place, as many at once as there are cores. */
export async function optimizeAll(files, threads = os.availableParallelism()) {
  const queue = [...files].sort((a, b) => statSync(b).size - statSync(a).size);
  const count = Math.max(1, Math.min(threads, queue.length));
  await Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(new URL(import.meta.url));
      return new Promise((resolve, reject) => {
        const next = () => {
          const file = queue.shift();
          if (file) worker.postMessage(file);
          else worker.terminate().then(() => resolve());
        };
        worker.on('message', (m) => (m.error ? reject(new Error(`wasm-opt ${m.file}: ${m.error}`)) : next()));
        worker.on('error', reject);
        worker.on('exit', (code) => code !== 0 && code !== 1 && reject(new Error(`wasm-opt worker exited with ${code}`)));
        next();
      });
    }),
  );
}

/**
 * `module` (binaryen's, read and optimized) with its functions in `compressionOrder`: a new
 * module (the old one is disposed), nameless, with the same features.
 */
export function inCompressionOrder(binaryen, module) {
  const used = module.getFeatures();
  binaryen.setDebugInfo(true);
  const named = compressionOrder(Buffer.from(module.emitBinary()));
  module.dispose();
  binaryen.setDebugInfo(false);
  const ordered = binaryen.readBinary(named);
  ordered.setFeatures(used);
  ordered.runPasses(['reorder-functions-by-name']);
  return ordered;
}

/**
 * The instructions in a module's text that change a function table (`funcref`): none in the
 * app's wasm (wasm-bindgen changes only its own `externref` table), which the chunks' direct
 * calls rely on (see `optimizeBytes`).
 */
export function tableWrites(text) {
  const tables = new Set([...text.matchAll(/\(table (\$\S+) [^()]*funcref\)/g)].map((m) => m[1]));
  return [...text.matchAll(/\(table\.(set|grow|init|copy|fill) (\$\S+)/g)]
    .filter((m) => tables.has(m[2]))
    .map((m) => `table.${m[1]} ${m[2]}`);
}

/** Whether `module` imports its function table (a chunk: the main module defines it). */
function importsTable(binaryen, module) {
  return module.getNumTables() > 0 && !!binaryen.getTableInfo(module.getTableByIndex(0)).module;
}

/** What runs on one file's bytes (see the top): the bytes to write. */
export function optimizeBytes(binaryen, bytes) {
  binaryen.setOptimizeLevel(OPTIONS.optimizeLevel);
  binaryen.setShrinkLevel(OPTIONS.shrinkLevel);
  binaryen.setDebugInfo(OPTIONS.names);
  const features = OPTIONS.enable.reduce((f, name) => f | binaryen.Features[name], 0);
  let module = binaryen.readBinary(bytes);
  try {
    module.setFeatures(module.getFeatures() | features);
    const chunk = importsTable(binaryen, module);
    if (chunk) {
      // A chunk's calls into its own functions through the table it imports (wasm-split-cli
      // writes calls between its pieces so) made direct: each slot that the chunk's element
      // segments fill holds that function for good — no other module writes it and no code
      // changes the table (scripts/app.mjs checks both on the whole build: `checkTable`). The
      // optimizer then inlines and drops them like any call (−5 KB gzip over the chunks).
      binaryen.setPassArgument('directize-initial-contents-immutable', 'true');
      module.runPasses(['directize']);
    }
    module.optimize();
    // What no browser reads (−33 KB gzip over the ~200 pieces before they were bundled).
    module.runPasses(['strip-producers', 'strip-target-features']);
    // A build that keeps the names (to profile) keeps the optimizer's order too.
    if (!OPTIONS.names) {
      const optimized = module;
      module = null; // disposed by inCompressionOrder, whatever happens there
      module = inCompressionOrder(binaryen, optimized);
    }
    if (!module.validate()) throw new Error('the optimized module does not validate');
    const writes = tableWrites(module.emitText());
    if (writes.length) throw new Error(`code writes the function table (${writes.join(', ')}): the chunks' direct calls assume no code does`);
    return module.emitBinary();
  } finally {
    binaryen.clearPassArguments();
    module?.dispose();
  }
}

if (!isMainThread) {
  // binaryen warns once per piece that it skips a name subsection it does not know (the
  // pieces' names go anyway: no -g); the command printed the same. Everything else is shown.
  const warn = console.error;
  console.error = (...a) => (/^warning: unknown name subsection/.test(String(a[0])) ? undefined : warn(...a));
  const { default: binaryen } = await import('binaryen');
  parentPort.on('message', (file) => {
    try {
      writeFileSync(file, optimizeBytes(binaryen, readFileSync(file)));
      parentPort.postMessage({ file });
    } catch (e) {
      parentPort.postMessage({ file, error: String(e?.message ?? e) });
    }
  });
}
