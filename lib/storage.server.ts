import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live; local folder by default. */
export type Storage = {
  /** stores bytes under a key such as "products/ab12-640.webp"; returns the public URL */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** deletes by public URL; a missing file is not an error */
  remove(url: string): Promise<void>;
  /** reads a stored file by public URL; null when it is not (or no longer) there */
  get(url: string): Promise<Buffer | null>;
  /** the public URL a key is (or would be) stored under, to look for a file made earlier */
  url(key: string): string;
};

export function localStorage(uploadDir: string, publicPrefix = "/uploads"): Storage {
  // the file behind a public URL, never outside the upload folder
  const fileOf = (url: string): string | null => {
    if (!url.startsWith(`${publicPrefix}/`)) return null;
    const key = url.slice(publicPrefix.length + 1);
    return key.includes("..") ? null : path.join(uploadDir, key);
  };
  return {
    url: (key) => `${publicPrefix}/${key}`,
    async put(key, data) {
      const file = path.join(uploadDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return `${publicPrefix}/${key}`;
    },
    async remove(url) {
      const file = fileOf(url);
      if (file) await fs.rm(file, { force: true });
    },
    async get(url) {
      const file = fileOf(url);
      if (!file) return null;
      return fs.readFile(file).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT" || e.code === "EISDIR") return null;
        throw e;
      });
    },
  };
}

export function uploadDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** The shop's storage for uploaded and generated files: the one place that picks where they live. */
export function shopStorage(env: { DATA_DIR: string }): Storage {
  return localStorage(uploadDir(env.DATA_DIR));
}
