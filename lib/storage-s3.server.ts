import type * as S3 from "@aws-sdk/client-s3";
import type { Storage } from "./storage-types";

// The SDK (a few hundred modules) is loaded when the bucket is first used, not by every server
// and test that never stores a file in S3.
type Sdk = typeof S3;
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

export type S3Config = {
  bucket: string;
  /** an S3-compatible server (MinIO, R2, …): addressed path-style, https://host/bucket/key */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** where browsers fetch the files (a CDN in front of the bucket); default: the bucket's own address */
  publicUrl?: string;
};

// Upload and share-image keys are new for every upload or version, so a file never changes.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The public address of the bucket's files, without a trailing slash. */
export function s3PublicBase(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/**
 * Files in an S3 bucket. A URL stored before the shop moved to S3 (`/uploads/<key>`, the local
 * storage's) names the same key: `npm run storage:copy` copies those files under their keys.
 */
export function s3Storage(config: S3Config): Storage {
  let client: Promise<{ sdk: Sdk; client: InstanceType<Sdk["S3Client"]> }> | undefined;
  const connect = () => (client ??= loadSdk().then((sdk) => ({ sdk, client: newClient(sdk, config) })));
  const base = s3PublicBase(config);
  const keyOf = (url: string): string | null => {
    for (const prefix of [`${base}/`, "/uploads/"]) {
      if (url.startsWith(prefix)) {
        const key = url.slice(prefix.length);
        return key && !key.split("/").includes("..") ? key : null;
      }
    }
    return null;
  };
  const Bucket = config.bucket;
  return {
    url: (key) => `${base}/${key}`,
    async put(key, data, contentType) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: IMMUTABLE }));
      return `${base}/${key}`;
    },
    async remove(url) {
      const Key = keyOf(url);
      if (!Key) return;
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async get(url) {
      const Key = keyOf(url);
      if (!Key) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (e) {
        if (e instanceof sdk.S3ServiceException && (e.name === "NoSuchKey" || e.$metadata.httpStatusCode === 404)) return null;
        throw e;
      }
    },
  };
}

function newClient(sdk: Sdk, config: S3Config) {
  return new sdk.S3Client({
    region: config.region,
    // checksums only where S3 requires them: several S3-compatible servers reject the newer defaults
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}
