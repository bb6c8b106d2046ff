import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live; local folder by default. */
export type Storage = {
  /** stores bytes under a key such as "products/ab12-640.webp"; returns the public URL */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** deletes by public URL; a missing file is not an error */
  remove(url: string): Promise<void>;
};

export function localStorage(uploadDir: string, publicPrefix = "/uploads"): Storage {
  return {
    async put(key, data) {
      const file = path.join(uploadDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return `${publicPrefix}/${key}`;
    },
    async remove(url) {
      if (!url.startsWith(`${publicPrefix}/`)) return;
      const key = url.slice(publicPrefix.length + 1);
      if (key.includes("..")) return;
      await fs.rm(path.join(uploadDir, key), { force: true });
    },
  };
}

export function uploadDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}
