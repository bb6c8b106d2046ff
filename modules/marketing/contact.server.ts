import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { communicationCategories, communicationChoices, communicationPlatforms } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { AppError } from "../../lib/errors";
import { receiveMessage } from "./messages.server";
import { communicationChoiceInput, contactInput, type CommunicationChoiceInput, type ContactInput } from "./schemas";

/** Stores a contact-form message for the shop team, who are told at once and read it in /messages. */
export async function sendContactMessage(
  db: Db,
  links: Pick<Env, "PUBLIC_URL" | "PORT">,
  input: ContactInput,
): Promise<{ id: string; msg: string }> {
  const data = contactInput.parse(input);
  const row = await db.transaction((tx) => receiveMessage(tx, links, { ...data, kind: "message" }));
  return { id: row.id, msg: "Thank you! Your message has been sent. We reply within one working day." };
}

/** docs/product.md §3 "Communication platform": id, communicationPlatform, communicationCategory (list or null). */
export type CommunicationPlatformView = { id: string; communicationPlatform: string; communicationCategory: string[] | null };

export async function listCommunicationPlatforms(db: Db): Promise<CommunicationPlatformView[]> {
  const platforms = await db
    .select()
    .from(communicationPlatforms)
    .orderBy(asc(communicationPlatforms.createdAt), asc(communicationPlatforms.name));
  const categories = platforms.length
    ? await db
        .select()
        .from(communicationCategories)
        .where(
          inArray(
            communicationCategories.platformId,
            platforms.map((p) => p.id),
          ),
        )
        .orderBy(asc(communicationCategories.name))
    : [];
  return platforms.map((p) => {
    const own = categories.filter((c) => c.platformId === p.id).map((c) => c.name);
    return { id: p.id, communicationPlatform: p.name, communicationCategory: own.length ? own : null };
  });
}

/** Records a platform choice; the platform must exist and the category must be one of its own. */
export async function recordCommunicationChoice(db: Db, input: CommunicationChoiceInput) {
  const data = communicationChoiceInput.parse(input);
  const [platform] = await db.select().from(communicationPlatforms).where(eq(communicationPlatforms.name, data.communicationPlatform));
  if (!platform)
    throw new AppError("invalid", "Choose one of the listed platforms.", { fields: { communicationPlatform: "Unknown platform" } });
  if (data.communicationCategory) {
    const [category] = await db
      .select()
      .from(communicationCategories)
      .where(and(eq(communicationCategories.platformId, platform.id), eq(communicationCategories.name, data.communicationCategory)));
    if (!category)
      throw new AppError("invalid", "Choose one of the platform's categories.", {
        fields: { communicationCategory: "Unknown category for this platform" },
      });
  }
  const [row] = await db
    .insert(communicationChoices)
    .values({ communicationPlatform: platform.name, communicationCategory: data.communicationCategory ?? null })
    .returning();
  return {
    id: row!.id,
    communicationPlatform: row!.communicationPlatform,
    communicationCategory: row!.communicationCategory,
    createdAt: row!.createdAt.toISOString(),
  };
}
