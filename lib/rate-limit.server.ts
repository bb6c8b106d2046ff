import { Redis } from "ioredis";
import { AppError } from "./errors";

/** Fixed-window counters shared by every app server: PostgreSQL by default (db/rate-limit-store.ts), Redis when REDIS_URL is set. */
export type RateLimitStore = {
  /** counts one hit on `key`; returns the count in the current window and the ms until it resets */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** takes one hit back (never below 0), for attempts that turned out well */
  release(key: string): Promise<void>;
};

export type RateRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;
// Login throttling (docs/decisions/0007-login-throttling.md). Failures are counted per account *and*
// address: one address gets 10 guesses per account in 15 minutes, and its lockout is its own, so a
// guesser elsewhere never locks the owner out. The account-wide count caps guesses from many
// addresses: past it, only an address that has not failed on the account may still try.
// Both doors share every counter (same names): the admin door (whose 403 tells a customer's
// password is right) adds no guesses; it closes at 5 of the 10 per account and 20 of the 30 per
// address. An admin's account keeps the admin door's limits at the shop's door too (auth.server.ts).
const loginIp = { name: "login-ip", limit: 30, windowMs: 15 * MINUTE };
const loginAccountIp = { name: "login-account-ip", limit: 10, windowMs: 15 * MINUTE };
const loginAccount = { name: "login-account", limit: 100, windowMs: 15 * MINUTE };
// ASVS 2.2.1: slow down guessing per IP and per account, without locking anyone out for long.
export const rateRules = {
  loginIp,
  loginAccountIp,
  loginAccount,
  adminLoginIp: { ...loginIp, limit: 20 },
  adminLoginAccountIp: { ...loginAccountIp, limit: 5 },
  // generous: Nigerian mobile carriers put many shoppers behind one carrier-grade NAT address
  registerIp: { name: "register-ip", limit: 50, windowMs: 60 * MINUTE },
  // per email: a "taken" answer tells whether an account exists, so probing one address is slowed too
  registerAccount: { name: "register-account", limit: 5, windowMs: 60 * MINUTE },
  forgotIp: { name: "forgot-ip", limit: 10, windowMs: 60 * MINUTE },
  forgotAccount: { name: "forgot-account", limit: 3, windowMs: 60 * MINUTE },
  resetIp: { name: "reset-ip", limit: 20, windowMs: 60 * MINUTE },
  // per user the link belongs to (see resetPassword): a real shopper needs one or two tries
  resetAccount: { name: "reset-account", limit: 5, windowMs: 60 * MINUTE },
  // the writes anyone may make without an account, per address (carrier-grade NAT again: generous)
  contactIp: { name: "contact-ip", limit: 20, windowMs: 60 * MINUTE },
  newsletterIp: { name: "newsletter-ip", limit: 30, windowMs: 60 * MINUTE },
  backInStockIp: { name: "back-in-stock-ip", limit: 30, windowMs: 60 * MINUTE },
  testChoiceIp: { name: "test-choice-ip", limit: 30, windowMs: 60 * MINUTE },
  // an order number and a phone or email: slow enough that guessing orders is hopeless
  trackIp: { name: "track-ip", limit: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

const tooMany = (resetInMs: number) =>
  new AppError("rate_limited", "Too many attempts. Please wait a little and try again.", {
    retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)),
  });

/** Counts a hit and throws a 429 (with Retry-After) once the rule's limit is passed. */
export async function enforceRateLimit(store: RateLimitStore, rule: RateRule, subject: string) {
  const { count, resetInMs } = await store.hit(keyOf(rule, subject), rule.windowMs);
  if (count > rule.limit) throw tooMany(resetInMs);
}

export type LoginRules = { ip: RateRule; accountIp: RateRule; account: RateRule };

/**
 * Counts a login attempt the way docs/decisions/0007-login-throttling.md says. The hits are taken before
 * the password is checked (so a burst of parallel guesses is capped) and given back when the attempt
 * succeeds: only failures add up, so staff signing in on several devices, or shoppers behind one
 * carrier-grade NAT address, are never held back by their own successful logins.
 * - per address (`ip`): guesses at any accounts;
 * - per account and address (`accountIp`): the lockout, which holds back that address only;
 * - per account (`account`): past its limit, an address that has already failed on the account in
 *   the window is refused; an address that has not may still try (the owner, elsewhere, gets in).
 */
export async function throttleLogin<T>(
  store: RateLimitStore,
  rules: LoginRules,
  who: { ip: string; account: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const ipKey = keyOf(rules.ip, who.ip);
  const pairKey = keyOf(rules.accountIp, `${who.account}|${who.ip}`);
  const accountKey = keyOf(rules.account, who.account);
  const taken: string[] = [];
  const hit = async (key: string, rule: RateRule) => {
    const counted = await store.hit(key, rule.windowMs);
    taken.push(key);
    return counted;
  };
  const ip = await hit(ipKey, rules.ip);
  if (ip.count > rules.ip.limit) throw tooMany(ip.resetInMs);
  const pair = await hit(pairKey, rules.accountIp);
  if (pair.count > rules.accountIp.limit) throw tooMany(pair.resetInMs);
  const account = await hit(accountKey, rules.account);
  // this attempt is one of the pair's hits: more means this address has failed here before (or is guessing in parallel)
  if (account.count > rules.account.limit && pair.count > 1) throw tooMany(Math.min(account.resetInMs, pair.resetInMs));
  // a throw (wrong password, or a customer at the admin door) keeps the hits
  const result = await attempt();
  await Promise.all(taken.map((key) => store.release(key)));
  return result;
}

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

// DECR only an existing window that is above 0 (keeps its expiry)
const RELEASE_SCRIPT = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
  };
}

const redisClients = new Map<string, Redis>();

/** The process's one connection to the Redis at `url`, opened on first use. */
export function sharedRedis(url: string): Redis {
  let client = redisClients.get(url);
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redisClients.set(url, client);
  }
  return client;
}

/** Closes the Redis connections (shutdown, tests). */
export async function closeRateLimitStores() {
  await Promise.all([...redisClients.values()].map((c) => c.quit().catch(() => undefined)));
  redisClients.clear();
}
