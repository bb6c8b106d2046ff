import { useState, type FormEvent } from "react";
import { toast } from "../../components/toasts";
import { appContext } from "../../context";
import { postJson } from "../../lib/api-client";
import { pageMeta } from "../../lib/seo";
import { listCommunicationPlatforms } from "../../../modules/marketing/contact.server";
import type { Route } from "./+types/test-page";

// docs/product.md §2 "A test-only page": communication platforms with their categories; posts a choice.
export function meta() {
  return pageMeta({
    title: "How should we reach you?",
    description: "Choose how you would like Alafia Self-Care to contact you.",
    noindex: true,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { platforms: await listCommunicationPlatforms(context.get(appContext).db) };
}

export default function TestPage({ loaderData }: Route.ComponentProps) {
  const { platforms } = loaderData;
  const [platform, setPlatform] = useState(platforms[0]?.communicationPlatform ?? "");
  const [busy, setBusy] = useState(false);
  const categories = platforms.find((p) => p.communicationPlatform === platform)?.communicationCategory ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await postJson("/api/test/create", {
      communicationPlatform: platform,
      communicationCategory: categories ? String(form.get("communicationCategory") ?? "") || null : null,
    });
    setBusy(false);
    if (result.ok) toast.success("Thank you! Your choice has been saved.");
    else toast.error(result.error.msg);
  }

  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl sm:text-4xl">How should we reach you?</h1>
      <form onSubmit={onSubmit} className="mt-6 max-w-md space-y-4">
        <div>
          <label htmlFor="test-platform" className="label">
            Communication platform
          </label>
          <select
            id="test-platform"
            name="communicationPlatform"
            value={platform}
            onChange={(e) => setPlatform(e.target.value)}
            className="input"
          >
            {platforms.map((p) => (
              <option key={p.id} value={p.communicationPlatform}>
                {p.communicationPlatform}
              </option>
            ))}
          </select>
        </div>
        {categories && (
          <div>
            <label htmlFor="test-category" className="label">
              What about?
            </label>
            <select id="test-category" name="communicationCategory" key={platform} className="input">
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="btn-primary" disabled={busy || !platform}>
          Save my choice
        </button>
      </form>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
