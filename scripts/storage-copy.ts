// `npm run storage:copy`: copies the local DATA_DIR/uploads into the S3 bucket named by S3_BUCKET
// (and the other S3_* variables), keys unchanged. Run it once when moving a shop to S3; the
// addresses already stored (/uploads/...) are then sent to the bucket by every server.
import { loadEnvOrExit } from "../lib/env.server";
import { copyUploads } from "../lib/storage-copy.server";
import { s3Config, shopStorage, uploadDir } from "../lib/storage.server";

const env = loadEnvOrExit();
if (!s3Config(env)) {
  process.stderr.write(
    "Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to copy the uploads into a bucket.\n",
  );
  process.exit(2);
}
const from = uploadDir(env.DATA_DIR);
const copied = await copyUploads(from, shopStorage(env));
process.stdout.write(`Copied ${copied.length} file${copied.length === 1 ? "" : "s"} from ${from} to the bucket ${env.S3_BUCKET}.\n`);
