import { z } from "zod";
import { ROLES, TEAM_ROLES } from "./roles";

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address" }));
// ASVS 2.1: 8 to 128 characters, anything allowed
export const password = z.string().min(8, "Password must be at least 8 characters").max(128, "Password must be at most 128 characters");

// A person's name is one line of letters (any script, with their accents), spaces, hyphens,
// apostrophes and full stops: the shop mails names from its own address, so a name must not be able
// to carry line breaks, control or direction characters, markup or a web address.
const NAME_CHARACTERS = /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*[ '’.-]*$/u;
// "evil.com", "www.x": a dot between two words of letters; initials ("J. R.", "J.R.") are no address
const WEB_ADDRESS = /(^|[^\p{L}])www\.|[\p{L}\p{N}-]{2,}\.[\p{L}]{2,}/iu;
const URL_LIKE = /:\/\/|www\./i;

/**
 * `${label} cannot contain a web address` when `value` holds one, or null: the rule for the names the
 * shop prints in its own mails (addresses have addressLinkProblem, lenient to "Opp.Shoprite").
 */
export function webAddressProblem(label: string, value: string): string | null {
  return URL_LIKE.test(value) || WEB_ADDRESS.test(value) ? `${label} cannot contain a web address` : null;
}

// An address is written fast on a phone: "Opp.Shoprite", "Adeola Odeku St.Victoria Island". Only what
// reads as a link is refused there: a scheme, www., a path after a domain, or a domain ending people open.
const ADDRESS_LINK =
  /:\/\/|(^|[^\p{L}])www\.|[\p{L}\p{N}-]{2,}\.[\p{L}]{2,}\/|[\p{L}\p{N}-]{2,}\.(?:com|net|org|ng|co|io|ly|me|info|biz|xyz|link|app|site|online|shop|store|click|top)(?![\p{L}\p{N}])/iu;

/** `${label} cannot contain a web address` when an address line holds a link, or null (the checkout's street, city and state). */
export function addressLinkProblem(label: string, value: string): string | null {
  return ADDRESS_LINK.test(value) ? `${label} cannot contain a web address` : null;
}

/** Why `value` is not a name, or null. */
export function nameProblem(label: string, value: string): string | null {
  const webAddress = webAddressProblem(label, value);
  if (webAddress) return webAddress;
  if (!NAME_CHARACTERS.test(value)) return `${label} must be one line of letters, spaces, hyphens, apostrophes or full stops`;
  return null;
}

/** A required name of at most `max` characters (first and last names: 60). */
export const personName = (label: string, max = 60) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      // a name over the limit is refused already (and never scanned at length)
      const problem = value.length <= max ? nameProblem(label, value) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** A name that may be left empty (the newsletter's): "" or a name. */
export const optionalPersonName = (label: string, max = 60) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = value && value.length <= max ? nameProblem(label, value) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();
const name = (label: string) => personName(label);
const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const adminCreateInput = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    email,
    phone: z.string().trim().max(30).optional(),
    password,
    // docs/product.md "The team": an owner (the spec's admin, and the default) or staff
    role: z.enum(TEAM_ROLES, { error: "Role must be admin or staff" }).default("admin"),
  })
  .strict();
export type AdminCreateInput = z.input<typeof adminCreateInput>;

/** PUT /api/admins/{id} and the team table's role change. */
export const teamRoleInput = z.object({ role: z.enum(TEAM_ROLES, { error: "Role must be admin or staff" }) }).strict();

/** POST /api/auth/register (docs/product.md §7): the short body, the fuller one adds phone, lga, address; `role` only from an admin. */
export const registerInput = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    email,
    password,
    phone: optionalText(30),
    lga: optionalText(80),
    address: optionalText(300),
    role: z.enum(ROLES).optional(),
  })
  .strict();
export type RegisterInput = z.input<typeof registerInput>;

/** The /register form: every field is required (docs/product.md §5), the town comes from the delivery rates. */
export const registerForm = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    email,
    phone: required("Phone number", 30),
    address: required("Address", 300),
    lga: z.string({ error: "Select a town" }).trim().min(1, "Select a town").max(80),
    password,
  })
  .strict();

/** The /promosign form (docs/product.md §2): the short variant. */
export const promoSignForm = z.object({ firstName: name("First name"), lastName: name("Last name"), email, password }).strict();

/** /adminregister (docs/product.md §2): every field required. */
export const adminRegisterForm = adminCreateInput.extend({ phone: required("Phone number", 30) });

export const loginInput = z
  .object({
    email: z.string().trim().min(1, "Email is required").pipe(email),
    password: z.string().min(1, "Password is required").max(128, "Password must be at most 128 characters"),
  })
  .strict();
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.object({ email }).strict();

export const resetPasswordInput = z.object({ token: z.string().min(20, "This reset link is not valid").max(200), password }).strict();

/** The /resetpassword form: the new password twice. */
export const resetPasswordForm = resetPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

/**
 * PUT /api/users/{id} and the profile form: email and role never change here (docs/product.md §5).
 * A partial update: an omitted field keeps its stored value; an empty phone, LGA or address clears it.
 */
export const profileUpdateInput = z
  .object({
    firstName: name("First name").optional(),
    lastName: name("Last name").optional(),
    phone: z.string().trim().max(30, "Phone number must be at most 30 characters").optional(),
    lga: z.string().trim().max(80).optional(),
    address: z.string().trim().max(300, "Address must be at most 300 characters").optional(),
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;
