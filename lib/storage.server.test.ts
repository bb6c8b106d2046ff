import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../tests/support/temp-dirs";
import { localStorage } from "./storage.server";

const freshDir = tempDirs("storage");

describe("local storage", () => {
  it("never lets a reader see a file half written: the old one or the whole new one", async () => {
    const storage = localStorage(freshDir());
    const old = Buffer.alloc(8 * 1024 * 1024, 1);
    const next = Buffer.alloc(24 * 1024 * 1024, 2);
    const url = await storage.put("share/products/p.jpg", old, "image/jpeg");
    const seen = new Set<number>();
    let writing = true;
    const written = storage.put("share/products/p.jpg", next, "image/jpeg").finally(() => (writing = false));
    while (writing) seen.add((await storage.get(url))?.length ?? -1);
    await written;
    seen.add((await storage.get(url))!.length);
    expect([...seen].every((length) => length === old.length || length === next.length)).toBe(true);
    expect(seen.has(next.length)).toBe(true);
  });

  it("leaves nothing beside the file, and nothing at all when the write fails", async () => {
    const dir = freshDir();
    const storage = localStorage(dir);
    await storage.put("a/b.webp", Buffer.from("image"), "image/webp");
    expect(fs.readdirSync(path.join(dir, "a"))).toEqual(["b.webp"]);
    // a folder where the file should go: the rename fails
    fs.mkdirSync(path.join(dir, "a", "c.webp"));
    fs.writeFileSync(path.join(dir, "a", "c.webp", "inside"), "x");
    await expect(storage.put("a/c.webp", Buffer.from("image"), "image/webp")).rejects.toThrow();
    expect(fs.readdirSync(path.join(dir, "a")).sort()).toEqual(["b.webp", "c.webp"]);
  });
});
