import { useRouteLoaderData } from "react-router";

/** What the admin layout's loader tells every back-office screen (app/routes/admin/layout.tsx). */
export type BackOfficeData = {
  admin: { firstName: string; lastName: string; email: string; owner: boolean };
  /** messages no one of the team has marked read, and shoppers to tell by hand that a product is back (the sidebar's badge on Messages) */
  toAnswer: number;
};

/**
 * Whether the signed-in member is an owner (modules/accounts/roles.ts), for what a screen draws:
 * staff are not offered the owner's buttons. The server refuses them whatever the screen draws.
 */
export function useOwner(): boolean {
  return (useRouteLoaderData("routes/admin/layout") as BackOfficeData | undefined)?.admin.owner ?? false;
}
