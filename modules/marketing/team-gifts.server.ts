import type { Db } from "../../db/client";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { lagosNow, longDay } from "../../lib/lagos-calendar";
import { formatNairaAmount } from "../../lib/money";
import { formatNigerianPhone } from "../../lib/phone";
import { receiveMessage } from "./messages.server";
import { teamGiftsInput, type TeamGiftsInput } from "./schemas";

// docs/product.md "Gifts for teams": a company, a church or a school asks for its end-of-year gifts
// on /teamgifts. It reaches the owner at once as a message of its own kind (her alert, /messages'
// "Gifts for teams"), written so she can price it from the alert alone.

/** What the owner reads: who for, how many, the budget, the day, then the note. */
function requestWords(d: ReturnType<typeof teamGiftsInput.parse>): string {
  const budget = d.budgetEach
    ? `, about ${formatNairaAmount(d.budgetEach)} a gift (${formatNairaAmount(d.budgetEach * d.people)} in all)`
    : ", budget open";
  return [
    `Gifts for ${d.people} people${budget}${d.neededBy ? `, needed by ${longDay(d.neededBy)}` : ""}.`,
    ...(d.company ? [`For: ${d.company}`] : []),
    ...(d.note ? [d.note] : []),
  ].join("\n");
}

export async function requestTeamGifts(db: Db, links: Pick<Env, "PUBLIC_URL" | "PORT">, input: TeamGiftsInput, now = new Date()) {
  const d = teamGiftsInput.parse(input);
  if (d.neededBy && d.neededBy < lagosNow(now).date)
    throw new AppError("invalid", "That day has passed. Choose today or a later day.", {
      fields: { neededBy: "Choose today or a later day" },
    });
  await receiveMessage(db, links, { name: d.name, email: d.email, phone: d.phone, kind: "team_gifts", message: requestWords(d) });
  const firstName = d.name.split(" ")[0];
  const how = d.phone ? `on WhatsApp at ${formatNigerianPhone(d.phone)}` : `at ${d.email}`;
  return { msg: `Thank you, ${firstName}! We will send you gift ideas and a quote ${how} within one working day.` };
}
