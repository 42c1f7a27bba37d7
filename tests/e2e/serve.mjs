// A small static file server for the end-to-end tests (Node, no dependencies).
//
//   node tests/e2e/serve.mjs [--port 4173] [--host 127.0.0.1] --mount /=dist --mount /some/path/=dist-subpath
//
// Each --mount PREFIX=DIR serves DIR under the URL path PREFIX (longest prefix wins), the way a
// static host would serve the app from a sub-path. A request for the prefix without its
// trailing slash is redirected to it (as static hosts do), and a directory serves its
// index.html. Nothing else: no SPA fallback, no caching, GET and HEAD only.
// With --compress (used by scripts/bench-load.mjs) it answers as a static host does: brotli or
// gzip (Content-Encoding, by the request's Accept-Encoding), compressed once per file.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import zlib from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function parseArgs(argv) {
  const options = { port: 4173, host: '127.0.0.1', mounts: [], compress: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--port') {
      options.port = Number(value);
      i++;
    } else if (arg === '--host') {
      options.host = value;
      i++;
    } else if (arg === '--compress') {
      options.compress = true;
    } else if (arg === '--mount') {
      const eq = value?.indexOf('=') ?? -1;
      if (eq < 1) throw new Error(`--mount wants PREFIX=DIR, got ${value}`);
      let prefix = value.slice(0, eq);
      if (!prefix.startsWith('/')) prefix = `/${prefix}`;
      if (!prefix.endsWith('/')) prefix = `${prefix}/`;
      options.mounts.push({ prefix, dir: path.resolve(value.slice(eq + 1)) });
      i++;
    } else {
      throw new Error(`unknown argument ${arg}`);
    }
  }
  if (options.mounts.length === 0) options.mounts.push({ prefix: '/', dir: path.resolve('dist') });
  options.mounts.sort((a, b) => b.prefix.length - a.prefix.length);
  return options;
}

async function fileFor(mount, urlPath) {
  const rest = urlPath.slice(mount.prefix.length);
  const file = path.resolve(mount.dir, `.${path.posix.normalize(`/${rest}`)}`);
  if (file !== mount.dir && !file.startsWith(mount.dir + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    const index = path.join(file, 'index.html');
    const indexInfo = await stat(index).catch(() => null);
    return indexInfo?.isFile() ? { file: index, size: indexInfo.size } : null;
  }
  return info?.isFile() ? { file, size: info.size } : null;
}

// Brotli (quality 11) and gzip (level 9) bodies, computed once per file and kept in memory.
const compressed = new Map();
async function encoded(file, encoding) {
  const key = `${encoding} ${file}`;
  if (!compressed.has(key)) {
    const body = await readFile(file);
    compressed.set(
      key,
      encoding === 'br'
        ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(body, { level: 9 }),
    );
  }
  return compressed.get(key);
}

export function startServer({ port, host, mounts, compress = false }) {
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url, 'http://localhost');
      let urlPath;
      try {
        urlPath = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400).end('bad path');
        return;
      }
      const bare = mounts.find((m) => m.prefix !== '/' && `${urlPath}/` === m.prefix);
      if (bare) {
        res.writeHead(301, { Location: `${bare.prefix}${url.search}` }).end();
        return;
      }
      const mount = mounts.find((m) => urlPath.startsWith(m.prefix));
      const found = mount && (await fileFor(mount, urlPath));
      if (!found) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      const type = TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream';
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = !compress ? null : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (encoding) {
        const body = await encoded(found.file, encoding);
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Encoding': encoding,
          'Content-Length': body.length,
          'Cache-Control': 'no-store',
          Vary: 'Accept-Encoding',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': found.size,
        'Cache-Control': 'no-store',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(found.file).pipe(res);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseArgs(process.argv.slice(2));
  const server = await startServer(options);
  const { port } = server.address();
  for (const m of [...options.mounts].reverse()) {
    console.log(`serving ${m.dir} at http://${options.host}:${port}${m.prefix}`);
  }
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
