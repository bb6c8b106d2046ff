// Hostile requests for the fuzz tests (tests/api/fuzz.test.ts, tests/e2e/fuzz-pages.e2e.ts):
// query strings, JSON bodies, multipart and url-encoded forms built from the hostile values.
import crypto from "node:crypto";
import type { Rng } from "./fuzz-rng";
import { fieldNames, hostileDates, hostileString, hostileValue, numbers, queryNames } from "./fuzz-values";

/** Percent-encodes any string; a lone surrogate (which encodeURIComponent refuses) becomes invalid UTF-8 on purpose. */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return (
      value
        .replace(/[\ud800-\udfff]/g, "")
        .split("")
        .map((c) => encodeURIComponent(c))
        .join("") + "%ED%A0%80"
    );
  }
}

/** A query string of hostile values; some keep their raw, broken percent-encoding. */
export function hostileQuery(rng: Rng, names: readonly string[] = queryNames): string {
  const parts: string[] = [];
  for (const name of rng.some(names, 4)) {
    const raw = rng.chance(0.15) ? rng.pick(["%", "%zz", "%00", "%ff", "%c0%80", "%ed%a0%80", "a%2", "%%", "+", "%0a"]) : null;
    // long, but mostly within what a server takes in a URL (16 KB of headers in Node)
    const value = (rng.chance(0.2) ? rng.pick(hostileDates) : rng.chance(0.2) ? String(rng.pick(numbers)) : hostileString(rng)).slice(
      0,
      rng.chance(0.05) ? 20_000 : 2_000,
    );
    parts.push(`${encodeURIComponent(name)}=${raw ?? encodeAny(value)}`);
    // the same name twice
    if (rng.chance(0.1)) parts.push(`${encodeURIComponent(name)}=${encodeAny(hostileString(rng))}`);
  }
  return parts.join("&");
}

/** A JSON body built from a sample: fields replaced by hostile values, dropped, or joined by unknown ones. */
export function mutateBody(rng: Rng, sample: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = { ...sample };
  const keys = Object.keys(body);
  for (const key of keys.length ? rng.some(keys, 3) : []) {
    if (rng.chance(0.2)) delete body[key];
    else body[key] = hostileValue(rng);
  }
  if (rng.chance(0.15)) body[rng.pick(fieldNames)] = hostileValue(rng);
  if (rng.chance(0.05)) return [body];
  return body;
}

/** A body of random known field names with hostile values. */
export function randomBody(rng: Rng): Record<string, unknown> {
  return Object.fromEntries(rng.some(fieldNames, 6).map((name) => [name, hostileValue(rng)]));
}

/** A multipart body: hostile fields, a file that is not an image, or a broken envelope. */
export function hostileMultipart(rng: Rng, sample: Record<string, unknown> = {}): { body: Uint8Array | string; contentType: string } {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const roll = rng.next();
  if (roll < 0.3) {
    // a broken envelope
    return rng.pick([
      { body: `--${boundary}\r\nnonsense`, contentType: `multipart/form-data; boundary=${boundary}` },
      { body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx`, contentType: "multipart/form-data" },
      { body: "not multipart at all", contentType: `multipart/form-data; boundary=${boundary}` },
      {
        body: `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        body: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      { body: "", contentType: `multipart/form-data; boundary=${boundary}` },
    ]);
  }
  const fields = roll < 0.65 ? (mutateBody(rng, sample) as Record<string, unknown>) : randomBody(rng);
  const parts: Buffer[] = [];
  const entries = Array.isArray(fields) ? [] : Object.entries(fields);
  for (const [name, value] of entries) {
    const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (rng.chance(0.6)) {
    const file = rng.pick([
      Buffer.from("not an image"),
      crypto.randomBytes(rng.int(1, 4096)),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"></svg>'),
      Buffer.alloc(0),
    ]);
    const name = rng.pick(["imageUrl", "image", "file"]);
    const filename = rng.pick(["a.png", "../../x.png", "a\u0000.png", "", "a.svg"]);
    const type = rng.pick(["image/png", "image/jpeg", "application/octet-stream", "text/html"]);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    parts.push(file, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A url-encoded form of hostile values for the given (or random) field names. */
export function hostileForm(rng: Rng, names: readonly string[] = fieldNames): string {
  const form = new URLSearchParams();
  for (const name of rng.some(names, 8)) form.append(name, hostileString(rng));
  if (rng.chance(0.2)) form.append(rng.pick(fieldNames), hostileString(rng));
  return form.toString();
}

/** A server-side stack trace, or a file path, in an answer's body. */
export function leaksStack(body: string): boolean {
  return /\n\s+at [^\n]+:\d+:\d+|\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|node_modules\/|file:\/\//.test(body) || body.includes(process.cwd());
}
