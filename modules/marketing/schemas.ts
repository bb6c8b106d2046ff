import { z } from "zod";
import { optionalNigerianPhone } from "../../lib/form-fields";
import { email, optionalPersonName, personName } from "../accounts/schemas";

export const newsletterSources = ["popup", "footer", "blog", "about", "author", "home"] as const;

export const newsletterInput = z
  .object({
    email,
    firstName: optionalPersonName("First name"),
    lastName: optionalPersonName("Last name"),
    source: z.enum(newsletterSources).default("footer"),
  })
  .strict();
export type NewsletterInput = z.input<typeof newsletterInput>;

// docs/product.md §5: contact form, name, email and message required, email valid
export const contactInput = z
  .object({
    name: z.string().trim().min(1, "Enter your name").max(100, "Keep your name under 100 characters").pipe(personName("Name", 100)),
    email,
    // docs/product.md "Messages": a WhatsApp number, when she would rather be answered there
    phone: optionalNigerianPhone("WhatsApp number"),
    message: z.string().trim().min(1, "Enter a message").max(5000, "Keep your message under 5,000 characters"),
  })
  .strict();
export type ContactInput = z.input<typeof contactInput>;

// docs/product.md §7 POST /api/test/create
export const communicationChoiceInput = z
  .object({
    communicationPlatform: z.string().trim().min(1, "Choose a platform").max(60),
    communicationCategory: z.string().trim().min(1).max(60).nullable().optional(),
  })
  .strict();
export type CommunicationChoiceInput = z.input<typeof communicationChoiceInput>;
