/**
 * docs/product.md "The team": who may do what in the back office, in one place (browser-safe: the
 * sidebar reads it too). An owner (role `admin`, the spec's word) runs everything; staff (role
 * `staff`) take and fulfil orders and keep the catalogue and blog, but never move money out or
 * change where it goes: refunds, discount codes, delivery prices and dates, payment and shop
 * settings, reports, cost prices, the revenue figures and the team are the owner's.
 */
export const ROLES = ["customer", "admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

/** The roles of the back office, and how a screen names them. */
export const TEAM_ROLES = ["admin", "staff"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const teamRoleLabel: Record<TeamRole, string> = { admin: "Owner", staff: "Staff" };

/** May use the back office at all (signs in at /admin). */
export const isTeam = (role: string | undefined): role is TeamRole => role === "admin" || role === "staff";

/** May do everything, the owner's part included. */
export const isOwner = (role: string | undefined) => role === "admin";

export const OWNER_ONLY_MSG = "Only the shop owner can do this.";

/** The back-office screens that are the owner's alone, with the screens under them (/editdiscount/{id}). */
export const OWNER_SCREENS = [
  "/teamtable",
  "/adminregister",
  "/discounttable",
  "/creatediscount",
  "/editdiscount",
  "/lga",
  "/createlga",
  "/editlga",
  "/deliverycalendar",
  "/reports",
  "/costprices",
  "/expenses",
  "/editexpense",
  "/settings",
  "/paymentsettings",
] as const;

export const isOwnerScreen = (pathname: string) => OWNER_SCREENS.some((s) => pathname === s || pathname.startsWith(`${s}/`));
