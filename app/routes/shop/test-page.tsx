import { useState } from "react";
import { Form } from "react-router";
import { Field } from "../../components/forms/fields";
import { toast } from "../../components/toasts";
import { appContext } from "../../context";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { pageMeta } from "../../lib/seo";
import { rateRules } from "../../../lib/rate-limit.server";
import { listCommunicationPlatforms, recordCommunicationChoice } from "../../../modules/marketing/contact.server";
import { communicationChoiceInput } from "../../../modules/marketing/schemas";
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

/** Save my choice: recorded as POST /api/test/create does, under the same rate rule. */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.testChoiceIp, communicationChoiceInput, async ({ db }, data) => {
    await recordCommunicationChoice(db, { ...data, communicationCategory: data.communicationCategory || null });
    return { msg: "Thank you! Your choice has been saved." };
  });

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

export default function TestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { platforms } = loaderData;
  const [platform, setPlatform] = useState(platforms[0]?.communicationPlatform ?? "");
  const busy = useBusy();
  const categories = platforms.find((p) => p.communicationPlatform === platform)?.communicationCategory ?? null;
  useOnAnswer(actionData as FormResult | undefined, (a) =>
    a.ok ? toast.success(a.msg!) : toast.error(a.msg ?? "Something went wrong. Please try again."),
  );

  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl sm:text-4xl">How should we reach you?</h1>
      <Form method="post" className="mt-6 max-w-md space-y-4">
        <Field label="Communication platform" name="communicationPlatform" id="test-platform">
          {(control) => (
            <select {...control} value={platform} onChange={(e) => setPlatform(e.target.value)}>
              {platforms.map((p) => (
                <option key={p.id} value={p.communicationPlatform}>
                  {p.communicationPlatform}
                </option>
              ))}
            </select>
          )}
        </Field>
        {categories && (
          <Field label="What about?" name="communicationCategory" id="test-category">
            {(control) => (
              <select {...control} key={platform}>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <button type="submit" className="btn-primary" disabled={busy || !platform}>
          Save my choice
        </button>
      </Form>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
