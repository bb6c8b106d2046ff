import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { s3PublicBase, s3Storage, type S3Config } from "./storage-s3.server";
import type { Storage } from "./storage-types";

/** How a file being written beside its name ends: it is never served. */
const PARTIAL = ".partial";
export const isPartialUpload = (name: string) => name.endsWith(PARTIAL);

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
      // written aside, then renamed: a request for it (from any process) reads the old file or the whole new one
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}${PARTIAL}`;
      try {
        await fs.writeFile(partial, data);
        await fs.rename(partial, file);
      } catch (e) {
        await fs.rm(partial, { force: true });
        throw e;
      }
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

type StorageEnv = {
  DATA_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
};

/** The S3 bucket's settings when `S3_BUCKET` is set; otherwise files live in `DATA_DIR/uploads`. */
export function s3Config(env: StorageEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** Where browsers fetch stored files from, beside the shop itself (for the CSP's img-src). */
export function storageOrigins(env: StorageEnv): string[] {
  const s3 = s3Config(env);
  return s3 ? [new URL(s3PublicBase(s3)).origin] : [];
}

const storages = new WeakMap<StorageEnv, Storage>();

/** The shop's storage for uploaded and generated files: the one place that picks where they live. */
export function shopStorage(env: StorageEnv): Storage {
  let storage = storages.get(env);
  if (!storage) {
    const s3 = s3Config(env);
    storage = s3 ? s3Storage(s3) : localStorage(uploadDir(env.DATA_DIR));
    storages.set(env, storage);
  }
  return storage;
}
