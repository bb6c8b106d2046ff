import fs from "node:fs/promises";
import path from "node:path";
import type { Storage } from "./storage-types";

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
};

/**
 * Copies every file of a local upload folder into `storage` under the same key
 * (`products/ab12-640.webp`), so the addresses already stored (`/uploads/<key>`) keep working.
 * Files already there are copied again (same bytes); returns the keys copied.
 */
export async function copyUploads(uploadDir: string, storage: Storage): Promise<string[]> {
  const copied: string[] = [];
  const walk = async (dir: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return [];
      throw e;
    });
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) {
        const key = path.relative(uploadDir, file).split(path.sep).join("/");
        const type = TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream";
        await storage.put(key, await fs.readFile(file), type);
        copied.push(key);
      }
    }
  };
  await walk(uploadDir);
  return copied.sort();
}
