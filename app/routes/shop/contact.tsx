import { Mail, MapPin, Phone } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "../../components/toasts";
import { appContext } from "../../context";
import { postJson } from "../../lib/api-client";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { zodFields } from "../../../lib/errors";
import { contactInput } from "../../../modules/marketing/schemas";
import { getSettings } from "../../../modules/settings/service.server";
import type { Route } from "./+types/contact";

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

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(["name", "email", "message"].map((k) => [k, String(new FormData(form).get(k) ?? "")]));
    // docs/product.md §5: name, email and message required, email valid (the same schema as the server)
    const checked = contactInput.safeParse(values);
    if (!checked.success) {
      setErrors(zodFields(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await postJson<{ msg: string }>("/api/contact", checked.data);
    setBusy(false);
    if (result.ok) {
      toast.success(result.data.msg);
      form.reset();
    } else {
      setErrors(result.error.fields ?? {});
      toast.error(result.error.msg);
    }
  }

  const field = (name: "name" | "email" | "message") => ({
    id: `contact-${name}`,
    name,
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm font-semibold text-rose-dark">
        {errors[name]}
      </p>
    ) : null;

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
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl">
            Send us a message
          </h2>
          <div>
            <label htmlFor="contact-name" className="label">
              Name
            </label>
            <input {...field("name")} autoComplete="name" maxLength={100} className="input" />
            {error("name")}
          </div>
          <div>
            <label htmlFor="contact-email" className="label">
              Email
            </label>
            <input {...field("email")} type="email" autoComplete="email" className="input" />
            {error("email")}
          </div>
          <div>
            <label htmlFor="contact-message" className="label">
              Message
            </label>
            <textarea {...field("message")} rows={6} maxLength={5000} className="input" />
            {error("message")}
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending..." : "Send Message"}
          </button>
        </form>
      </div>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
