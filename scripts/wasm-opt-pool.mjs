// `wasm-opt -Oz` on many wasm files, in this process: binaryen's own library (npm `binaryen`,
// the same version_132 as the `wasm-opt` command scripts/setup.sh installs), loaded once per
// worker thread, one worker per core.
//
// The `wasm-opt` command of that package is the same library behind a 10 MB script: each run
// spends ~0.6 s starting before it reads a byte, and the app's split build has ~130 pieces,
// most under 2 KB (scripts/app.mjs). Here each worker starts once; the pieces, largest first,
// go to whichever worker is free. The passes are binaryen's default pipeline at optimize level
// 2, shrink level 2 (what -Oz runs); the output can differ from the command's by a few bytes
// in a hundred thousand.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';

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

if (!isMainThread) {
  // binaryen warns once per piece that it skips a name subsection it does not know (the
  // pieces' names go anyway: no -g); the command printed the same. Everything else is shown.
  const warn = console.error;
  console.error = (...a) => (/^warning: unknown name subsection/.test(String(a[0])) ? undefined : warn(...a));
  const { default: binaryen } = await import('binaryen');
  binaryen.setOptimizeLevel(OPTIONS.optimizeLevel);
  binaryen.setShrinkLevel(OPTIONS.shrinkLevel);
  binaryen.setDebugInfo(OPTIONS.names);
  const features = OPTIONS.enable.reduce((f, name) => f | binaryen.Features[name], 0);
  parentPort.on('message', (file) => {
    try {
      const module = binaryen.readBinary(readFileSync(file));
      module.setFeatures(module.getFeatures() | features);
      module.optimize();
      // What no browser reads (−33 KB gzip over the ~200 pieces before they were bundled).
      module.runPasses(['strip-producers', 'strip-target-features']);
      if (!module.validate()) throw new Error('the optimized module does not validate');
      writeFileSync(file, module.emitBinary());
      module.dispose();
      parentPort.postMessage({ file });
    } catch (e) {
      parentPort.postMessage({ file, error: String(e?.message ?? e) });
    }
  });
}
