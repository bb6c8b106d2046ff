import type { Db } from "../../db/client";
import type { Env } from "../../lib/env.server";
import { formatNigerianPhone } from "../../lib/phone";
import { receiveMessage } from "./messages.server";
import { coachingOfferNames } from "./coaching-offers";
import { coachingRequestInput, type CoachingRequestInput } from "./schemas";
import { addSubscriber } from "./service.server";

// docs/product.md "Messages": a request for a coaching call from /author. It reaches the owner as a
// coaching message (with her alert); the newsletter only when she ticked it.

export async function requestCoachingCall(db: Db, links: Pick<Env, "PUBLIC_URL" | "PORT">, input: CoachingRequestInput) {
  const d = coachingRequestInput.parse(input);
  const message = [`Asked for: ${coachingOfferNames[d.offer]}.`, ...(d.note ? [d.note] : [])].join("\n");
  const [firstName, ...rest] = d.name.split(" ");
  await db.transaction(async (tx) => {
    await receiveMessage(tx, links, { name: d.name, email: d.email, phone: d.phone, kind: "coaching", message });
    if (d.newsletter && d.email) await addSubscriber(tx, { email: d.email, firstName, lastName: rest.join(" "), source: "author" });
  });
  const how = d.phone ? `message you on WhatsApp at ${formatNigerianPhone(d.phone)}` : `write to ${d.email}`;
  return { msg: `Thank you, ${firstName}! Our coach will ${how} within one working day to find a time that suits you.` };
}
