import { constants, deflateRawSync } from "node:zlib";

/**
 * A body compressed once, with gaps where a value that changes per response goes (a cached page's CSP nonce:
 * docs/decisions/012-edge-cache-and-read-replicas.md). Filling the gaps writes no new compressed data: each
 * part is its own raw deflate run ending in a sync flush (byte-aligned, not final), each gap's value goes in an
 * uncompressed ("stored") deflate block, and the gzip trailer's CRC-32 is combined from the parts' CRCs and
 * the value's, never recomputed over the whole body.
 */
export type GzipTemplate = {
  /** Raw deflate of each part, each ending in a sync flush. */
  parts: Uint8Array[];
  /** CRC-32 of each part's uncompressed bytes. */
  crcs: number[];
  /** Each part's uncompressed length. */
  lengths: number[];
  /** x^(8 * length) modulo the CRC polynomial for each part: what combining a CRC with that part's multiplies by. */
  shifts: number[];
  /** Compressed bytes held (the parts), for memory accounting. */
  bytes: number;
  /** Per length of gap value, the trailer's CRC as an affine function of the value's CRC (`gapCrc`). */
  gapCrcs: Map<number, GapCrc>;
};

/**
 * A CRC-32 is linear over GF(2): the CRC of the parts with a value of a given length in every gap is `base` (the
 * CRC with each gap's value contributing nothing) plus `weight` times the value's CRC (`weight`: the sum of the
 * shifts that follow each gap). Both depend only on the value's length, so a fill costs one CRC of the value and
 * one multiplication, however many gaps.
 */
type GapCrc = { base: number; weight: number };

function gapCrc(template: GzipTemplate, valueLength: number): GapCrc {
  const known = template.gapCrcs.get(valueLength);
  if (known) return known;
  const shift = crc32Shift(valueLength);
  let base = 0;
  let weight = 0;
  template.crcs.forEach((partCrc, i) => {
    if (i > 0) {
      base = combine(base, 0, shift);
      weight = combine(weight, X0, shift);
    }
    const partShift = template.shifts[i] ?? X0;
    base = combine(base, partCrc, partShift);
    weight = combine(weight, 0, partShift);
  });
  const found = { base, weight };
  template.gapCrcs.set(valueLength, found);
  return found;
}

/** The longest value a gap takes: one stored block. */
const MAX_GAP = 0xffff;

export function gzipTemplate(parts: readonly Uint8Array[]): GzipTemplate {
  const compressed = parts.map(
    (part) =>
      new Uint8Array(
        deflateRawSync(part, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
      ),
  );
  return {
    parts: compressed,
    crcs: parts.map((part) => crc32(part)),
    lengths: parts.map((part) => part.byteLength),
    shifts: parts.map((part) => crc32Shift(part.byteLength)),
    bytes: compressed.reduce((sum, part) => sum + part.byteLength, 0),
    gapCrcs: new Map(),
  };
}

const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff); // deflate, no name, no mtime, unknown OS
const FINAL_EMPTY_BLOCK = Uint8Array.of(0x01, 0x00, 0x00, 0xff, 0xff); // BFINAL=1, stored, length 0

/** The gzip member of the template's parts with `value` in every gap. */
export function gzipFill(template: GzipTemplate, value: Uint8Array): Uint8Array<ArrayBuffer> {
  if (value.byteLength > MAX_GAP) throw new RangeError(`a gap holds at most ${MAX_GAP} bytes`);
  const gaps = template.parts.length - 1;
  const gapBlock = 5 + value.byteLength;
  const size = HEADER.byteLength + template.bytes + gaps * gapBlock + FINAL_EMPTY_BLOCK.byteLength + 8;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(HEADER, 0);
  let at = HEADER.byteLength;
  let length = 0;
  template.parts.forEach((part, i) => {
    if (i > 0) {
      // A stored block: BFINAL=0, BTYPE=00 (the rest of the byte is padding), LEN and its complement.
      out[at] = 0;
      view.setUint16(at + 1, value.byteLength, true);
      view.setUint16(at + 3, ~value.byteLength & 0xffff, true);
      out.set(value, at + 5);
      at += gapBlock;
      length += value.byteLength;
    }
    out.set(part, at);
    at += part.byteLength;
    length += template.lengths[i] ?? 0;
  });
  const { base, weight } = gapCrc(template, value.byteLength);
  const crc = weight === 0 ? base : (multModP(weight, crc32(value)) ^ base) >>> 0;
  out.set(FINAL_EMPTY_BLOCK, at);
  at += FINAL_EMPTY_BLOCK.byteLength;
  view.setUint32(at, crc >>> 0, true);
  view.setUint32(at + 4, length >>> 0, true);
  return out;
}

// ---------------------------------------------------------------- CRC-32 (gzip's, reflected polynomial)

const POLY = 0xedb88320;

let table: Uint32Array | null = null;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

export function crc32(bytes: Uint8Array): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = (t[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** a(x) * b(x) modulo the CRC polynomial (zlib's multmodp); `a` is never 0 here. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^0, i.e. 1, in the reflected representation. */
const X0 = 0x80000000;

let powers: Uint32Array | null = null;

/** x^(2^n) modulo the polynomial, n = 0..31. */
function x2nTable(): Uint32Array {
  if (powers) return powers;
  powers = new Uint32Array(32);
  let p = 0x40000000; // x^1
  powers[0] = p;
  for (let n = 1; n < 32; n++) {
    p = multModP(p, p);
    powers[n] = p;
  }
  return powers;
}

/** x^(n * 2^k) modulo the polynomial (zlib's x2nmodp). */
function x2nModP(n: number, k: number): number {
  const t = x2nTable();
  let p = X0;
  while (n) {
    if (n & 1) p = multModP(t[k & 31] as number, p);
    n >>>= 1;
    k += 1;
  }
  return p;
}

/** What combining a CRC with `length` more bytes multiplies it by (zlib's crc32_combine_gen). */
function crc32Shift(length: number): number {
  return x2nModP(length, 3);
}

/** The CRC-32 of A followed by B, from CRC(A), CRC(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return combine(crcA, crcB, crc32Shift(lengthB));
}

/** crc32Combine with B's shift (crc32Shift of its length) already known. */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** True when the request's Accept-Encoding takes gzip: named without q=0, or else `*` without q=0. */
export function acceptsGzip(request: Request): boolean {
  const header = (request.headers.get("Accept-Encoding") ?? "").toLowerCase();
  if (!header.includes("q=")) return /(?:^|[\s,])(?:gzip|\*)(?=$|[\s,;])/.test(header); // no weights: what browsers send
  const codings = new Map<string, number>();
  for (const item of header.split(",")) {
    const [coding, ...params] = item.split(";").map((piece) => piece.trim());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    codings.set(coding, q ? Number(q.slice(2)) : 1);
  }
  const q = codings.get("gzip") ?? codings.get("*") ?? 0;
  return q > 0;
}
