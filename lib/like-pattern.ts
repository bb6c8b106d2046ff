/** `s` with LIKE's wildcards (%, _) and its escape character taken literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** The LIKE pattern of text that contains `s` anywhere, `s` taken literally. */
export const containing = (s: string): string => `%${escapeLike(s)}%`;
