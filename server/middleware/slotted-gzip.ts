import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A page kept with slots (its CSP nonce) that differ in each answer, compressed once: each piece
 * between two slots is its own raw deflate stream ended by a sync flush (byte-aligned, no
 * reference to what came before), so an answer is the pieces' bytes with the slot's value as a
 * stored block between them, inside one gzip member whose CRC-32 is combined from the pieces'.
 * An answer costs a copy of the compressed bytes, never a compression of the page.
 */
export type SlottedBody = {
  /** the pieces between the slots, as they are */
  raw: Buffer[];
  /** each piece as raw deflate ended by a sync flush */
  deflated: Buffer[];
  crcs: number[];
  /** per piece: the operator that moves a CRC over that piece's length (crc32_combine) */
  shifts: number[];
  length: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// a final, empty block with fixed codes: ends the deflate stream
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export async function slotted(body: Buffer, slot: string, level = 6): Promise<SlottedBody> {
  const raw: Buffer[] = [];
  const marker = Buffer.from(slot);
  let from = 0;
  for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, from)) {
    raw.push(body.subarray(from, at));
    from = at + marker.length;
  }
  raw.push(body.subarray(from));
  const deflated = await Promise.all(raw.map((piece) => deflateRaw(piece, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH })));
  return {
    raw,
    deflated,
    crcs: raw.map((piece) => zlib.crc32(piece)),
    shifts: raw.map((piece) => shiftOperator(piece.length)),
    length: raw.reduce((n, piece) => n + piece.length, 0),
  };
}

/** The body with `value` in every slot. */
export function filled(body: SlottedBody, value: string): Buffer {
  if (body.raw.length === 1) return body.raw[0]!;
  const v = Buffer.from(value);
  return Buffer.concat(body.raw.flatMap((piece, i) => (i ? [v, piece] : [piece])));
}

/** The same, gzip-encoded, with no compression done now. */
export function filledGzip(body: SlottedBody, value: string): Buffer {
  const v = Buffer.from(value);
  if (v.length > 0xffff) throw new Error("a slot's value must fit one stored block");
  const stored = Buffer.alloc(5 + v.length);
  stored.writeUInt16LE(v.length, 1);
  stored.writeUInt16LE(~v.length & 0xffff, 3);
  v.copy(stored, 5);
  const valueCrc = zlib.crc32(v);
  const valueShift = shiftOperator(v.length);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  for (let i = 0; i < body.raw.length; i++) {
    if (i) {
      parts.push(stored);
      crc = combine(crc, valueCrc, valueShift);
    }
    parts.push(body.deflated[i]!);
    crc = combine(crc, body.crcs[i]!, body.shifts[i]!);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((body.length + v.length * (body.raw.length - 1)) >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

// CRC-32 combination as zlib's crc32_combine does it: polynomials over GF(2), reflected
const POLY = 0xedb88320;

function multiply(a: number, b: number): number {
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

// x^(2^n) modulo the polynomial, for n = 0..31
const X2N: number[] = [0x40000000];
for (let n = 1; n < 32; n++) X2N.push(multiply(X2N[n - 1]!, X2N[n - 1]!));

/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by to pass over `bytes` zero bytes. */
function shiftOperator(bytes: number): number {
  let p = 0x80000000;
  let k = 3;
  for (let n = bytes; n; n = Math.floor(n / 2), k++) if (n & 1) p = multiply(X2N[k & 31]!, p);
  return p;
}

/** The CRC of A followed by B, from A's CRC, B's CRC and B's shift operator. */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiply(shiftB, crcA) ^ crcB) >>> 0;
}
