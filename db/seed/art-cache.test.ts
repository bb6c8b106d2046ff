import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempDirs } from "../../tests/support/temp-dirs";
import type { EncodedImage } from "../../lib/images.server";
import { cachedVariants, defaultArtCacheDir } from "./art-cache";

const tempDir = tempDirs("art");

const variants: EncodedImage[] = [
  { width: 640, height: 480, data: Buffer.from("large") },
  { width: 320, height: 240, data: Buffer.from("small") },
];

describe("cachedVariants", () => {
  it("draws a picture once: the next call with the same drawing reads the same bytes back, smallest first", async () => {
    const dir = tempDir();
    const make = vi.fn(async () => variants);
    const first = await cachedVariants(dir, "<svg>a</svg>", make);
    const again = await cachedVariants(dir, "<svg>a</svg>", make);
    expect(make).toHaveBeenCalledTimes(1);
    expect(first).toEqual(variants);
    expect(again.map((v) => [v.width, v.height, v.data.toString()])).toEqual([
      [320, 240, "small"],
      [640, 480, "large"],
    ]);
  });

  it("draws again for another drawing, and leaves no half-written folder behind", async () => {
    const dir = tempDir();
    const make = vi.fn(async () => variants);
    await cachedVariants(dir, "<svg>a</svg>", make);
    await cachedVariants(dir, "<svg>b</svg>", make);
    expect(make).toHaveBeenCalledTimes(2);
    const folders = fs.readdirSync(dir);
    expect(folders).toHaveLength(2);
    expect(folders.every((f) => /^[0-9a-f]{64}$/.test(f))).toBe(true);
  });

  it("draws every time without a folder, and when the folder cannot be written", async () => {
    const make = vi.fn(async () => variants);
    expect(await cachedVariants(null, "<svg>a</svg>", make)).toEqual(variants);
    const file = path.join(tempDir(), "not-a-folder");
    fs.writeFileSync(file, "x");
    expect(await cachedVariants(file, "<svg>a</svg>", make)).toEqual(variants);
    expect(await cachedVariants(file, "<svg>a</svg>", make)).toEqual(variants);
    expect(make).toHaveBeenCalledTimes(3);
  });
});

describe("defaultArtCacheDir", () => {
  it("is node_modules/.cache/alafia-demo-art where there is a node_modules, else none", async () => {
    const project = tempDir();
    expect(await defaultArtCacheDir(project)).toBeNull();
    fs.mkdirSync(path.join(project, "node_modules"));
    expect(await defaultArtCacheDir(project)).toBe(path.join(project, "node_modules", ".cache", "alafia-demo-art"));
  });
});
