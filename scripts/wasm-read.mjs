// Reading (and writing the small parts of) wasm binaries: the sections, the imports, the
// functions with their names, sizes and bodies. Used by scripts/bundle.mjs (merging the pieces),
// scripts/wasm-opt-pool.mjs (the functions' order) and scripts/wasm-size.mjs (where the bytes are).

/** `n` as an unsigned LEB128. */
export const leb = (n) => {
  const o = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    o.push(b);
  } while (n);
  return Buffer.from(o);
};
/** A name: its length, then its UTF-8 bytes. */
export const name = (s) => Buffer.concat([leb(Buffer.byteLength(s)), Buffer.from(s)]);
/** A section: its id, its length, its body. */
export const section = (id, body) => Buffer.concat([Buffer.from([id]), leb(body.length), body]);

/** A reader of a wasm binary from byte `p`. */
export function reader(buf, p = 8) {
  const r = {
    p,
    u32() {
      let v = 0;
      let s = 0;
      let b;
      do {
        b = buf[r.p++];
        v |= (b & 0x7f) << s;
        s += 7;
      } while (b & 0x80);
      return v >>> 0;
    },
    str() {
      const n = r.u32();
      const v = buf.toString('utf8', r.p, r.p + n);
      r.p += n;
      return v;
    },
    /** A constant expression (up to its `end`), as hex. */
    expr() {
      const start = r.p;
      while (buf[r.p] !== 0x0b) {
        const op = buf[r.p++];
        if (op === 0x41 || op === 0x23 || op === 0xd2) r.u32();
        else if (op === 0xd0) r.p++;
        else if (op !== 0x6a) throw new Error(`constant expression with opcode ${op}`);
      }
      r.p++;
      return buf.toString('hex', start, r.p);
    },
  };
  return r;
}

/** The sections: `{ id, start, body, end }`. */
export function sections(buf) {
  const out = [];
  const r = reader(buf);
  while (r.p < buf.length) {
    const start = r.p;
    const id = buf[r.p++];
    const size = r.u32();
    out.push({ id, start, body: r.p, end: r.p + size });
    r.p += size;
  }
  return out;
}

/** The items of the vector section `id` holds, each read by `item(r)`; none without it. */
function vector(buf, id, item) {
  const s = sections(buf).find((x) => x.id === id);
  if (!s) return [];
  const r = reader(buf, s.body);
  return Array.from({ length: r.u32() }, () => item(r));
}

/** The imports: `{ mod, field, kind, desc }` (desc: the bytes after the names). */
export function imports(buf) {
  return vector(buf, 2, (r) => {
    const mod = r.str();
    const field = r.str();
    const at = r.p;
    const kind = buf[r.p++];
    if (kind === 0) r.u32();
    else if (kind === 1 || kind === 2) {
      if (kind === 1) r.p++;
      const flags = r.u32();
      r.u32();
      if (flags & 1) r.u32();
    } else if (kind === 3) r.p += 2;
    return { mod, field, kind, desc: buf.subarray(at, r.p) };
  });
}

/**
 * The functions the module defines, in order: `{ index, name, size }` — `index` in the function
 * index space (after the imported functions), `name` from the `name` section (`null` without
 * one), `size` the bytes of its body in the code section.
 */
export function functions(buf) {
  const imported = imports(buf).filter((i) => i.kind === 0).length;
  const names = new Map();
  for (const s of sections(buf).filter((x) => x.id === 0)) {
    const r = reader(buf, s.body);
    if (r.str() !== 'name') continue;
    while (r.p < s.end) {
      const sub = buf[r.p++];
      const end = r.u32() + r.p;
      if (sub === 1) {
        for (let n = r.u32(); n > 0; n--) {
          const index = r.u32();
          names.set(index, r.str());
        }
      }
      r.p = end;
    }
  }
  return bodies(buf).map((body, i) => {
    const index = imported + i;
    return { index, name: names.get(index) ?? null, size: body.length };
  });
}

/**
 * The table slots the module's active element segments fill with a function when it is
 * instantiated (a `ref.null` entry fills none). Fails on a segment whose offset is not an
 * `i32.const` (the app's modules have no other).
 */
export function tableSlots(buf) {
  const slots = [];
  vector(buf, 9, (r) => {
    const flags = r.u32();
    if (flags & 1) throw new Error(`a passive or declared element segment (flags ${flags})`);
    if (flags & 2) r.u32();
    if (buf[r.p] !== 0x41) throw new Error('an element segment at an offset that is not a constant');
    r.p++;
    const offset = r.u32();
    if (buf[r.p++] !== 0x0b) throw new Error('an element segment at an offset that is not a constant');
    if (flags & 2) r.p++; // elemkind or reftype
    const n = r.u32();
    for (let i = 0; i < n; i++) {
      if (!(flags & 4)) {
        r.u32();
        slots.push(offset + i);
      } else if (buf[r.p] === 0xd0) {
        r.expr();
      } else {
        r.expr();
        slots.push(offset + i);
      }
    }
  });
  return slots;
}

/** The bodies of the functions the module defines, in order (views into `buf`). */
export function bodies(buf) {
  return vector(buf, 10, (r) => {
    const size = r.u32();
    r.p += size;
    return buf.subarray(r.p - size, r.p);
  });
}

/**
 * The module with `names` (function index → name) as its only `name` section, which holds
 * function names only (any other `name` section is dropped).
 */
export function withFunctionNames(buf, names) {
  const entries = [...names].sort((a, b) => a[0] - b[0]).map(([i, n]) => Buffer.concat([leb(i), name(n)]));
  const sub = Buffer.concat([leb(entries.length), ...entries]);
  const body = Buffer.concat([name('name'), Buffer.from([1]), leb(sub.length), sub]);
  const kept = withoutSections(buf, (s) => s.id === 0 && reader(buf, s.body).str() === 'name');
  return Buffer.concat([kept, section(0, body)]);
}

/** The module without the sections `drop` picks (a predicate of `{ id, start, body, end }`). */
export function withoutSections(buf, drop) {
  const kept = sections(buf).filter((s) => !drop(s));
  return Buffer.concat([buf.subarray(0, 8), ...kept.map((s) => buf.subarray(s.start, s.end))]);
}
