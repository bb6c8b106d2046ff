import { z } from "zod";
import type { Db } from "../../db/client";
import { dateParam } from "../../lib/form-fields";
import { isAppError } from "../../lib/errors";
import { moveOrder } from "./admin.server";
import type { StatusChangeInput } from "./admin-schemas";
import { ordersForStep, pickupsForStep, type AreaStep } from "./deliveries.server";
import type { MailLinks } from "./mails.server";

// docs/product.md "Delivery on a chosen date": on a busy day the team packs and sends out an area's
// orders together from the run sheet, and packs the pick-ups and marks them ready (docs "Pick-up").
// Each order moves as from its own page (its lock, its event, its customer's mail or WhatsApp), so
// the rules of a status change keep one home.

export const areaStepInput = z
  .object({
    intent: z.enum(["prepare", "send_out"], { error: "Please reload the page and try again." }),
    date: dateParam.pipe(z.string({ error: "Choose a day" })),
    // the sheet's area as it names it ('No area': orders without one)
    lga: z.string({ error: "Choose an area" }).trim().min(1, "Choose an area").max(100),
    rider: z.string().trim().max(200, "Rider must be at most 200 characters").optional(),
  })
  .refine((v) => v.intent !== "send_out" || !!v.rider, {
    path: ["rider"],
    message: "Write the rider's name and phone, or the courier and its tracking number",
  });

/**
 * Moves the area's orders due that day one step: packed ('Preparing') from paid or placed on
 * delivery, or out for delivery with the rider's details from packed. An order another member moved
 * meanwhile is skipped, never moved twice.
 */
export async function moveAreaOrders(
  db: Db,
  links: MailLinks,
  actorId: string,
  input: { date: string; lga: string; step: AreaStep; rider?: string },
): Promise<Moved> {
  const ids = await ordersForStep(db, input.date, input.lga, input.step);
  return moveEach(db, links, actorId, ids, input.step === "prepare" ? { status: "processing" } : { status: "shipped", note: input.rider });
}

/** The pick-ups' steps at once (docs/product.md "Pick-up"): pack the paid ones, then mark the packed ones ready to collect. */
export const pickupStepInput = z.object({
  intent: z.enum(["prepare_pickups", "ready_pickups"], { error: "Please reload the page and try again." }),
});

/** Moves every pick-up waiting for the step on: packed, or ready to collect (no rider: she is told where to come). */
export async function movePickups(db: Db, links: MailLinks, actorId: string, step: AreaStep): Promise<Moved> {
  const ids = await pickupsForStep(db, step);
  return moveEach(db, links, actorId, ids, { status: step === "prepare" ? "processing" : "shipped" });
}

type Moved = { moved: number; skipped: number };

/** Each order as from its own page; one another member moved meanwhile is counted, never moved twice. */
async function moveEach(db: Db, links: MailLinks, actorId: string, ids: string[], to: StatusChangeInput): Promise<Moved> {
  let moved = 0;
  let skipped = 0;
  for (const id of ids) {
    try {
      await moveOrder(db, id, to, actorId, links);
      moved++;
    } catch (e) {
      if (!isAppError(e) || e.kind !== "conflict") throw e;
      skipped++;
    }
  }
  return { moved, skipped };
}
