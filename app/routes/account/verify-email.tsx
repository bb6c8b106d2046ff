import { Link, redirect } from "react-router";
import { z } from "zod";
import { AuthCard, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { pageAddress } from "../../lib/guards.server";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { linkKeys, proveEmail } from "../../../modules/accounts/email-proof.server";
import { safeRedirect, withRedirect } from "../../../modules/accounts/safe-redirect";
import type { Route } from "./+types/verify-email";

// the link is in the address: keep it out of other sites' Referer headers
export const headers = () => ({ "Referrer-Policy": "no-referrer" });
export const meta = () => [{ title: "Confirm your email | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

const proofQuery = z.object({ u: z.string().max(64).optional(), e: z.coerce.number().int().optional(), t: z.string().max(100).optional() });

/**
 * A link mailed to the address proves it is hers, once she is logged in to the account it was made for:
 * her guest orders join that account (docs/product.md "Guest checkout"). Signed out, she logs in first
 * and comes back here.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, user } = context.get(appContext);
  const q = readSearchParams(request, proofQuery, ["u", "e", "t"]);
  try {
    await proveEmail(db, linkKeys(env), { u: q.u ?? "", e: q.e ?? 0, t: q.t ?? "" }, user);
    return { ok: true, msg: null };
  } catch (e) {
    if (e instanceof AppError && e.kind === "unauthorized")
      throw redirect(withRedirect("/login?confirmemail=1", safeRedirect(pageAddress(request))));
    if (e instanceof AppError) return { ok: false, msg: e.message };
    throw e;
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.ok ? "Your email is confirmed" : "This link did not work"}>
      {loaderData.ok ? (
        <FormMessage tone="success">Thank you. The orders you placed with this email are now in My orders.</FormMessage>
      ) : (
        <FormMessage tone="error">{loaderData.msg}</FormMessage>
      )}
      <p className="mt-6 text-center">
        <Link to="/profile" className="btn-primary">
          My orders
        </Link>
      </p>
    </AuthCard>
  );
}
