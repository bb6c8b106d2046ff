import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** the shop's S3_* variables for this server and bucket */
  env: Record<string, string>;
  /** keys stored in the bucket */
  keys(): string[];
  close(): Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, files in a temporary folder. */
export async function startS3Server(bucket = "alafia-shop"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      // s3rver's built-in account
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    keys: () => {
      // s3rver keeps each object as <bucket>/<key>._S3rver_object beside its metadata
      const root = path.join(directory, bucket);
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (entry.name.endsWith("._S3rver_object")) found.push(path.relative(root, full).replace(/\._S3rver_object$/, ""));
        }
      };
      if (fs.existsSync(root)) walk(root);
      return found.sort();
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
