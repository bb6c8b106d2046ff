import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A page kept with slots (its CSP nonce) that differ in each answer, compressed once: each piece
 * between two slots is its own raw deflate stream ended by a sync flush (byte-aligned, no
 * reference to what came before), so an answer is the pieces' bytes with the slot's value as a
 * stored block between them, inside one gzip member whose CRC-32 is worked out from the pieces'.
 * An answer costs a copy of the compressed bytes, never a compression of the page.
 */
export type SlottedBody = {
  /** the pieces between the slots, as they are */
  raw: Buffer[];
  /** each piece as raw deflate ended by a sync flush */
  deflated: Buffer[];
  /** the whole body's length and CRC-32 with REFERENCE in every slot */
  length: number;
  referenceCrc: number;
  /** what moves a slot value's CRC difference to the end of the body, all slots at once */
  slotsShift: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// a final, empty block with fixed codes: ends the deflate stream
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
// a CSP nonce's length (16 bytes in base64); a value of another length costs a CRC over the page
const REFERENCE = Buffer.from("A".repeat(24));
const REFERENCE_CRC = zlib.crc32(REFERENCE);

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
  // CRC-32 is affine: changing the bytes of a slot changes the CRC by the CRC difference of those
  // bytes, moved over the bytes that follow; the same value in every slot, so one sum of moves
  let slotsShift = 0;
  let after = 0;
  for (let i = raw.length - 1; i > 0; i--) {
    after += raw[i]!.length;
    slotsShift ^= shiftOperator(after);
    after += REFERENCE.length;
  }
  const reference = fill(raw, REFERENCE);
  return { raw, deflated, length: reference.length, referenceCrc: zlib.crc32(reference), slotsShift };
}

function fill(raw: Buffer[], value: Buffer): Buffer {
  if (raw.length === 1) return raw[0]!;
  return Buffer.concat(raw.flatMap((piece, i) => (i ? [value, piece] : [piece])));
}

/** The body with `value` in every slot. */
export function filled(body: SlottedBody, value: string): Buffer {
  return fill(body.raw, Buffer.from(value));
}

/** The same, gzip-encoded, with no compression done now. */
export function filledGzip(body: SlottedBody, value: string): Buffer {
  const v = Buffer.from(value);
  if (v.length > 0xffff) throw new Error("a slot's value must fit one stored block");
  const slots = body.raw.length - 1;
  const crc =
    slots === 0
      ? body.referenceCrc
      : v.length === REFERENCE.length
        ? (body.referenceCrc ^ multiply(body.slotsShift, zlib.crc32(v) ^ REFERENCE_CRC)) >>> 0
        : zlib.crc32(fill(body.raw, v));
  let size = GZIP_HEADER.length + slots * (5 + v.length) + FINAL_BLOCK.length + 8;
  for (const d of body.deflated) size += d.length;
  const out = Buffer.allocUnsafe(size);
  let at = GZIP_HEADER.copy(out, 0);
  for (let i = 0; i <= slots; i++) {
    if (i) {
      // a stored block (not final): the stream is byte-aligned after each piece's sync flush
      out[at] = 0;
      out.writeUInt16LE(v.length, at + 1);
      out.writeUInt16LE(~v.length & 0xffff, at + 3);
      at += 5 + v.copy(out, at + 5);
    }
    at += body.deflated[i]!.copy(out, at);
  }
  at += FINAL_BLOCK.copy(out, at);
  out.writeUInt32LE(crc, at);
  out.writeUInt32LE((body.length + (v.length - REFERENCE.length) * slots) >>> 0, at + 4);
  return out;
}

// CRC-32 combination as zlib's crc32_combine does it: polynomials over GF(2), reflected
const POLY = 0xedb88320;

function multiply(a: number, b: number): number {
  // the loop below ends at a's lowest set bit: 0 has none
  if (a === 0) return 0;
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
