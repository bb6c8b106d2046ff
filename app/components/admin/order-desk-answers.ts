import { useEffect, useLayoutEffect, useRef, type FormEvent } from "react";
import { useNavigation, useSubmit } from "react-router";
import { agreedPriceField } from "../../../modules/pricing/agreed-price";
import type { DeskAnswer } from "./order-desk-state";

// The 'New order' screen on slow data (docs/product.md "Manual orders"): the staff member goes on
// typing and tapping while an answer is on its way. The form is drawn once and stays hers: an
// answer writes only the fields she has not touched since its request left (a customer found, a
// line's new quantity), and a tap made meanwhile waits for that answer and is sent after it, on the
// form as it then is. One request at a time, so no tap undoes another (a second post would cancel
// the first, and the line it added with it).

/** The fields an answer fills in: the screen's state, and each line's quantity as priced and its agreed price. */
function fieldsOf(answer: DeskAnswer): [string, string][] {
  const { lines, ...fields } = answer.state;
  return [
    ...Object.entries(fields),
    ...(answer.quote?.cartItems ?? []).map((i): [string, string] => [`qty.${i.productId}`, String(i.quantity)]),
    ...lines.map((l): [string, string] => [agreedPriceField(l.productId), l.priceEach]),
  ];
}

/** Writes a value into the form's field of that name, whatever its kind; a field not on screen is left. */
function write(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof RadioNodeList) field.value = value;
  else if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value !== "";
  else if (field instanceof HTMLInputElement && field.type === "radio") field.checked = field.value === value;
  else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)
    field.value = value;
}

/**
 * What the screen's form needs to take the server's answers without losing her edits: its props,
 * `send` (a button's intent, or 'refresh' for a choice that changes the price) and whether a request
 * is on its way. Without the script the form posts as it is and the answer is a page of its own.
 */
export function useDeskAnswers(answer: DeskAnswer) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  // the fields she changed since the last request left, the answer it waits for, the taps made meanwhile
  const touched = useRef(new Set<string>());
  const drawn = useRef(answer.rev);
  const waiting = useRef(false);
  const queued = useRef<string[]>([]);

  const send = (intent: string) => {
    if (!form.current) return;
    if (waiting.current) {
      queued.current.push(intent);
      return;
    }
    const data = new FormData(form.current);
    data.set("intent", intent);
    touched.current.clear();
    waiting.current = true;
    void submit(data, { method: "post", replace: true, preventScrollReset: true });
  };

  useLayoutEffect(() => {
    if (!form.current || drawn.current === answer.rev) return;
    drawn.current = answer.rev;
    for (const [name, value] of fieldsOf(answer)) if (!touched.current.has(name)) write(form.current, name, value);
  }, [answer]);

  // the answer is in (or the request failed): the next tap goes
  useEffect(() => {
    if (navigation.state !== "idle") return;
    waiting.current = false;
    const next = queued.current.shift();
    if (next) send(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once each time the screen stops waiting
  }, [navigation.state]);

  return {
    send,
    busy: navigation.state !== "idle" && navigation.formMethod === "POST",
    formProps: {
      ref: form,
      onInput: (e: FormEvent<HTMLFormElement>) => touched.current.add((e.target as HTMLInputElement).name),
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        const by = (e.nativeEvent as SubmitEvent).submitter;
        send(by instanceof HTMLButtonElement && by.name === "intent" ? by.value : "refresh");
      },
    },
  };
}
