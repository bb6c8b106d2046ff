import { useFetcher } from "react-router";
import { startingValues, useBusy, useFetcherAnswer, type FormResult } from "../../lib/forms";
import { useToastAnswer } from "../toasts";

/**
 * A form of a back-office screen that posts `intent` with a fetcher (docs/decisions/0011-one-way-to-write.md):
 * its fetcher, its answer (the fetcher's, or the page's for a plain post before the script ran),
 * whether it is posting, its boxes' starting values (as typed when refused), and the answer toasted.
 */
export function useIntentForm(intent: string) {
  const fetcher = useFetcher<FormResult>();
  const answer = useFetcherAnswer(fetcher, intent);
  const busy = useBusy(fetcher);
  useToastAnswer(fetcher.data);
  return { fetcher, answer, busy, start: startingValues(answer, intent) };
}
