import { z } from "zod";

// docs/product.md "Notes about a customer": the team's note about her, on her orders' pages. Safe
// for the browser.

export const CUSTOMER_NOTE_MAX = 1000;

/** The note as saved: blank takes it away. */
export const customerNoteInput = z
  .object({
    note: z
      .string({ error: "Note must be text" })
      .trim()
      .max(CUSTOMER_NOTE_MAX, `Note must be at most ${CUSTOMER_NOTE_MAX.toLocaleString("en-NG")} characters`),
  })
  .strict();
export type CustomerNoteInput = z.input<typeof customerNoteInput>;

/** Her note, who wrote it last and when; null: none. */
export type CustomerNote = { note: string; by: string | null; at: string } | null;
