import { Mail, MapPin, Phone } from "lucide-react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Field, FormMessage } from "../../components/forms/fields";
import { toast } from "../../components/toasts";
import { appContext } from "../../context";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import { useBusy, useOnAnswer, useZodForm, type FormResult } from "../../lib/forms";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { rateRules } from "../../../lib/rate-limit.server";
import { sendContactMessage } from "../../../modules/marketing/contact.server";
import { contactInput } from "../../../modules/marketing/schemas";
import { getSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/contact";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const contactSchema = () => import("../../../modules/marketing/schemas").then((m) => m.contactInput);

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact us",
    description: "Questions about an order, a gift or coaching? Write to Alafia Self-Care, call us, or visit us in Lekki, Lagos.",
    url: data ? `${data.origin}/contact` : undefined,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const s = await getSettings(db);
  return { contact: { email: s.contactEmail, phone: s.contactPhone, address: s.contactAddress }, origin: publicOrigin(env) };
}

/** Send Message: stored for the owner, as POST /api/contact does (docs/product.md §2), under the same rate rule. */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.contactIp, contactInput, ({ db, env }, data) => sendContactMessage(db, env, data));

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const answer = actionData as FormResult | undefined;
  const form = useRef<HTMLFormElement>(null);
  const busy = useBusy();
  // docs/product.md §5: name, email and message required, email valid (the same schema as the server)
  const { errors, onSubmit, msg } = useZodForm(contactSchema, answer);
  // with the script, the answer is a toast; before it loads, the banner below shows it
  const [toasted, setToasted] = useState<FormResult | undefined>(undefined);
  useOnAnswer(answer, (a) => {
    setToasted(a);
    if (!a.ok) return toast.error(a.msg ?? "Something went wrong. Please try again.");
    toast.success(a.msg ?? "Thank you!");
    form.current?.reset();
  });
  const banner = answer === toasted ? undefined : answer?.ok ? answer.msg : msg;
  // refused before the page's script ran, the form is drawn again with what she typed
  const typed = answer?.ok ? undefined : answer?.typed;

  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl sm:text-4xl">Contact us</h1>
      <p className="mt-2 max-w-2xl text-muted">Questions about an order, a gift or coaching? We reply within one working day.</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-details" className="rounded-3xl bg-sand p-6">
          <h2 id="contact-details" className="text-2xl">
            Reach us
          </h2>
          <ul className="mt-4 space-y-4">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 shrink-0 text-rose-dark" size={20} />
              <a href={`mailto:${contact.email}`} className="font-semibold text-rose-dark underline">
                {contact.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 shrink-0 text-rose-dark" size={20} />
              <a href={`tel:${contact.phone.replace(/\s+/g, "")}`} className="font-semibold text-rose-dark underline">
                {contact.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 shrink-0 text-rose-dark" size={20} />
              <span>{contact.address}</span>
            </li>
          </ul>
          <p className="mt-4 text-sm text-muted">Monday to Saturday, 9am to 6pm (WAT).</p>
        </section>
        <Form method="post" ref={form} onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl">
            Send us a message
          </h2>
          <FormMessage tone={answer?.ok ? "success" : "error"}>{banner}</FormMessage>
          <Field
            label="Name"
            name="name"
            id="contact-name"
            error={errors.name}
            required
            autoComplete="name"
            maxLength={100}
            defaultValue={typed?.name}
          />
          <Field
            label="Email"
            name="email"
            id="contact-email"
            error={errors.email}
            required
            type="email"
            autoComplete="email"
            defaultValue={typed?.email}
          />
          <Field
            label="WhatsApp number (optional)"
            name="phone"
            id="contact-phone"
            error={errors.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            hint="Leave it and we can answer you on WhatsApp."
            defaultValue={typed?.phone}
          />
          <Field label="Message" name="message" id="contact-message" error={errors.message}>
            {(control) => <textarea {...control} required rows={6} maxLength={5000} defaultValue={typed?.message} />}
          </Field>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
