import { Link } from "react-router";
import { NewsletterForm } from "../../components/newsletter-form";
import { FormMessage } from "../../components/forms/fields";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { rateRules } from "../../../lib/rate-limit.server";
import { newsletterInput } from "../../../modules/marketing/schemas";
import { subscribe } from "../../../modules/marketing/service.server";
import type { Route } from "./+types/newsletter";

export const meta = () => [{ title: "Newsletter | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

/**
 * Every newsletter box (the footer, the pop-up, the blog, about, coaching) posts here with a fetcher
 * and stays on its page; before the script loads, the post lands on this page, which shows the answer.
 * The same rule and service as POST /api/newsletter.
 */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.newsletterIp, newsletterInput, ({ db, env }, data) => subscribe(db, env, data));

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const answer = actionData as FormResult | undefined;
  return (
    <main id="main" className="container-page max-w-xl py-12">
      <h1 className="text-3xl">Our newsletter</h1>
      <div className="mt-6">
        <FormMessage tone={answer?.ok ? "success" : "error"}>
          {answer?.ok ? answer.msg : (answer?.fields?.email ?? answer?.msg)}
        </FormMessage>
      </div>
      {answer?.ok ? (
        <Link to="/" className="btn-primary mt-6">
          Back to the shop
        </Link>
      ) : (
        <>
          <p className="mt-4 text-muted">Gentle self-care notes, new arrivals and members-only offers. No spam, ever.</p>
          <NewsletterForm source="footer" idPrefix="newsletter-page" />
        </>
      )}
    </main>
  );
}
