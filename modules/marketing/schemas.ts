import { z } from "zod";
import { blankToUndefined, dateParam, optionalNigerianPhone, tick, wholeNumberField } from "../../lib/form-fields";
import { coachingOffers } from "./coaching-offers";
import { email, optionalPersonName, personName } from "../accounts/schemas";

export const newsletterSources = ["popup", "footer", "blog", "about", "author", "home"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

export const newsletterInput = z
  .object({
    email,
    firstName: optionalPersonName("First name"),
    lastName: optionalPersonName("Last name"),
    source: z.enum(newsletterSources).default("footer"),
  })
  .strict();
export type NewsletterInput = z.input<typeof newsletterInput>;

/** Who writes to the shop (the contact form, a coaching request): one name line. */
const senderName = z
  .string()
  .trim()
  .min(1, "Enter your name")
  .max(100, "Keep your name under 100 characters")
  .pipe(personName("Name", 100));

// docs/product.md §5: contact form, name, email and message required, email valid
export const contactInput = z
  .object({
    name: senderName,
    email,
    // docs/product.md "Messages": a WhatsApp number, when she would rather be answered there
    phone: optionalNigerianPhone("WhatsApp number"),
    message: z.string().trim().min(1, "Enter a message").max(5000, "Keep your message under 5,000 characters"),
  })
  .strict();
export type ContactInput = z.input<typeof contactInput>;

// docs/product.md "Messages": the coaching page's request for a call, answered by mail or on WhatsApp
export const REACH_ME_MSG = "Leave your WhatsApp number or your email, so the coach can reach you";

export const coachingRequestInput = z
  .object({
    name: senderName,
    email: z.preprocess(blankToUndefined, email.optional()),
    phone: optionalNigerianPhone("WhatsApp number"),
    offer: z.enum(coachingOffers, { error: "Choose one of the coaching offers" }).default("call"),
    note: z.string().trim().max(1000, "Keep your note under 1,000 characters").optional(),
    // 'Also send me gentle notes and offers': the newsletter, only when ticked and with an email
    newsletter: tick,
  })
  .strict()
  .superRefine((d, ctx) => {
    if (!d.email && !d.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: REACH_ME_MSG });
    if (d.newsletter && !d.email) ctx.addIssue({ code: "custom", path: ["email"], message: "Leave your email to get our notes" });
  });
export type CoachingRequestInput = z.input<typeof coachingRequestInput>;

// docs/product.md "Gifts for teams": a company's or a church's end-of-year gifts, asked for on /teamgifts
export const REACH_US_MSG = "Leave your WhatsApp number or your email, so we can send you ideas and a quote";
export const teamGiftsInput = z
  .object({
    name: senderName,
    company: z.string().trim().max(120, "Keep the company's name under 120 characters").optional(),
    email: z.preprocess(blankToUndefined, email.optional()),
    phone: optionalNigerianPhone("WhatsApp number"),
    people: wholeNumberField("Number of people", 2, 10_000),
    // naira a gift, about: blank when she would like ideas at every price
    budgetEach: z.preprocess(blankToUndefined, wholeNumberField("Budget a gift", 1_000, 1_000_000).optional()),
    // the day the gifts must arrive by (Lagos); not before today, checked by the service
    neededBy: dateParam,
    note: z.string().trim().max(1000, "Keep your note under 1,000 characters").optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (!d.email && !d.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: REACH_US_MSG });
  });
export type TeamGiftsInput = z.input<typeof teamGiftsInput>;

// docs/product.md §7 POST /api/test/create
export const communicationChoiceInput = z
  .object({
    communicationPlatform: z.string().trim().min(1, "Choose a platform").max(60),
    communicationCategory: z.string().trim().min(1).max(60).nullable().optional(),
  })
  .strict();
export type CommunicationChoiceInput = z.input<typeof communicationChoiceInput>;
