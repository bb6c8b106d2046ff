import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1.
// algorithm 2 is Argon2id (a const enum in the package, not importable here)
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
