import type { Role } from "./roles";

/** A user as any answer may show it: never the password hash. */
export type UserView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  lga: string | null;
  state: string | null;
  country: string | null;
  role: Role;
  createdAt: string;
};

/** How a screen or a message names a person: "Kemi Ade". */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
