import { Check } from "lucide-react";
import type { TimelineStep } from "../../../modules/orders/types";
import { orderDate } from "./order-details";

/** The order's progress (docs/product.md "Tracking an order"): each step done with its time, the next ones greyed. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  if (!steps.length) return null;
  return (
    <section className="mt-8 rounded-2xl border border-line bg-linen p-5" aria-labelledby="order-progress">
      <h2 id="order-progress" className="text-xl">
        Progress
      </h2>
      <ol className="mt-4 space-y-3" data-testid="order-timeline">
        {steps.map((step) => (
          <li key={step.key} className="flex items-start gap-3" data-step={step.key} data-done={step.at ? "true" : "false"}>
            <span
              className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border ${
                step.at ? "border-sage bg-sage text-white" : "border-line bg-white"
              }`}
              aria-hidden="true"
            >
              {step.at ? <Check size={14} /> : null}
            </span>
            <span>
              <span className={step.at ? "font-semibold" : "text-muted"}>{step.label}</span>
              <span className="block text-sm text-muted">{step.at ? orderDate(step.at) : "Not yet"}</span>
              {step.detail ? (
                <span className="mt-0.5 block text-sm" data-testid={`step-detail-${step.key}`}>
                  {step.detail}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
