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
  role: "customer" | "admin";
  createdAt: string;
};
