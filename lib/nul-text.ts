import { AppError } from "./errors";

// PostgreSQL text cannot hold the NUL character, and its jsonb refuses a lone UTF-16 surrogate
// ("\ud800" in a JSON body: the settings, a stored idempotent answer): either reaching a query is
// a 500 from the database. Every body, form and query is checked here first, so it is a 400 instead.
const NUL = "\u0000";
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text);

/**
 * No payload of the shop nests deeper than a few levels (a cart's lines are 3); a body
 * nested thousands deep is an attack on whatever walks it recursively (zod, this check).
 */
export const MAX_NESTING = 32;

export const NUL_TEXT_MESSAGE = "The text holds an invisible control character. Please remove it and try again.";
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_NESTING} levels).`;

type Found = { field: string; problem: "nul" | "deep" };

// Walks with an explicit stack, not recursion: any depth of input is safe to check.
function findProblem(root: unknown): Found | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (unstorable(value)) return { field: path, problem: "nul" };
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_NESTING) return { field: path, problem: "deep" };
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    // pushed in reverse so the first field is checked (and named) first
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i]!;
      if (unstorable(key)) return { field: path || "body", problem: "nul" };
      stack.push({ value: v, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** The text without its NUL characters: what a refused form keeps of a field. */
export const withoutNul = (text: string) => text.replaceAll(NUL, "");

/**
 * Throws a 400 naming the first field whose text (or name) holds a NUL character or a lone
 * surrogate, or saying the body nests deeper than MAX_NESTING levels.
 */
export function rejectNulText(value: unknown) {
  const found = findProblem(value);
  if (!found) return;
  if (found.problem === "deep") throw new AppError("invalid", TOO_DEEP_MESSAGE);
  throw new AppError("invalid", NUL_TEXT_MESSAGE, { fields: { [found.field || "body"]: NUL_TEXT_MESSAGE } });
}
