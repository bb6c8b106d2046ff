import { AppError } from "./errors";

// PostgreSQL text cannot hold the NUL character: a "\u0000" reaching a query is a 500 from
// the database. Every body, form and query is checked here first, so it is a 400 instead.
const NUL = "\u0000";

function findNul(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const found = findNul(v, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Throws a 400 naming the first field whose text holds a NUL character. */
export function rejectNulText(value: unknown) {
  const field = findNul(value, "");
  if (field === null) return;
  const msg = "The text holds an invisible control character. Please remove it and try again.";
  throw new AppError("invalid", msg, { fields: { [field || "body"]: msg } });
}
