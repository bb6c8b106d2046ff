// `npm run admin:create -- --email a@b.ng --password '...' [--first Ada --last Obi]`
// Creates an admin account from the command line (asks for nothing: scriptable).
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { openDatabase } from "../db/client";
import { AppError } from "../lib/errors";
import { loadEnvOrExit } from "../server/main";
import { createAdmin } from "../modules/accounts/service.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    first: { type: "string", default: "Shop" },
    last: { type: "string", default: "Admin" },
  },
});
const env = loadEnvOrExit();
const email = values.email ?? env.ADMIN_EMAIL;
const password = values.password ?? env.ADMIN_PASSWORD;
if (!email || !password) {
  process.stderr.write("Usage: npm run admin:create -- --email you@example.com --password 'at least 8 characters'\n");
  process.exit(2);
}
const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
try {
  await database.migrate();
  const admin = await createAdmin(database.db, { firstName: values.first!, lastName: values.last!, email, password });
  process.stdout.write(`Admin created: ${admin.email}\n`);
} catch (e) {
  const message = e instanceof AppError ? e.message : e instanceof ZodError ? e.issues.map((i) => i.message).join("; ") : String(e);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
