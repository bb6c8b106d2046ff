/** Where uploaded and generated files live: a local folder (lib/storage.server.ts) or an S3 bucket (lib/storage-s3.server.ts). */
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
