import { Link } from "react-router";
import { z } from "zod";
import { AuthCard, FormMessage } from "../../components/forms/fields";
import { appContext } from "../../context";
import { readSearchParams } from "../../lib/search-params.server";
import { AppError } from "../../../lib/errors";
import { linkKeys, proveEmail } from "../../../modules/accounts/email-proof.server";
import type { Route } from "./+types/verify-email";

// the link is in the address: keep it out of other sites' Referer headers
export const headers = () => ({ "Referrer-Policy": "no-referrer" });
export const meta = () => [{ title: "Confirm your email | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

const proofQuery = z.object({ u: z.string().max(64).optional(), e: z.coerce.number().int().optional(), t: z.string().max(100).optional() });

/** A link mailed to the address proves it is hers: her guest orders join her account (docs/product.md "Guest checkout"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const q = readSearchParams(request, proofQuery, ["u", "e", "t"]);
  try {
    await proveEmail(db, linkKeys(env), { u: q.u ?? "", e: q.e ?? 0, t: q.t ?? "" });
    return { ok: true, msg: null };
  } catch (e) {
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
