// The demo's pictures are drawn from code, the same every time: drawing and encoding them is
// most of a demo seed's time (about 10 s on two cores). Encoded variants are kept in a folder
// beside the dependencies (node_modules/.cache, where build tools keep theirs), keyed by the
// drawing and the encoding, so the next fresh shop on this checkout (a test's, a second
// server's, a restart on a new DATA_DIR) stores them without drawing them again.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { VARIANT_ENCODING, type EncodedImage } from "../../lib/images.server";

/** node_modules/.cache/alafia-demo-art under the working directory; none when it has no node_modules. */
export async function defaultArtCacheDir(cwd = process.cwd()): Promise<string | null> {
  const modules = path.join(cwd, "node_modules");
  const found = await fs.stat(modules).catch(() => null);
  return found?.isDirectory() ? path.join(modules, ".cache", "alafia-demo-art") : null;
}

/**
 * The variants of the picture `drawing` describes (an SVG's text): from `dir` when they were made
 * before with the same encoding, else `make()`, kept in `dir` for next time. The cache is a
 * convenience: a folder that cannot be read or written is ignored.
 */
export async function cachedVariants(dir: string | null, drawing: string, make: () => Promise<EncodedImage[]>): Promise<EncodedImage[]> {
  if (!dir) return make();
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([drawing, VARIANT_ENCODING]))
    .digest("hex");
  const folder = path.join(dir, key);
  const kept = await read(folder).catch(() => null);
  if (kept) return kept;
  const made = await make();
  await write(folder, made).catch(() => undefined);
  return made;
}

// <width>x<height>.webp per variant
async function read(folder: string): Promise<EncodedImage[] | null> {
  const names = await fs.readdir(folder);
  const variants: EncodedImage[] = [];
  for (const name of names) {
    const size = /^(\d+)x(\d+)\.webp$/.exec(name);
    if (size) variants.push({ width: Number(size[1]), height: Number(size[2]), data: await fs.readFile(path.join(folder, name)) });
  }
  return variants.length ? variants.sort((a, b) => a.width - b.width) : null;
}

// written beside the final folder, then renamed: a reader never sees half of it, and of two
// shops drawing the same picture at once the second simply finds the folder there
async function write(folder: string, variants: EncodedImage[]) {
  const partial = `${folder}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  await fs.mkdir(partial, { recursive: true });
  try {
    for (const v of variants) await fs.writeFile(path.join(partial, `${v.width}x${v.height}.webp`), v.data);
    await fs.rename(partial, folder);
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
}
