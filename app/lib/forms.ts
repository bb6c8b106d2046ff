import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;
/**
 * What a form action answers when it does not redirect: a failure is the API's error body
 * ({msg, code, fields}, docs/decisions/0011-one-way-to-write.md), a success says `ok` and may carry a `msg`.
 */
export type FormResult = {
  msg?: string;
  code?: string;
  fields?: FieldErrors;
  ok?: boolean;
  /** a refused form of a page without a script: what was typed, for the form drawn again */
  typed?: Record<string, string | undefined>;
  /** a refused back-office form: every field it sent, in order, for the form drawn again (startingValues) */
  sent?: [string, string][];
};

/**
 * A fetcher form's answer: the fetcher's, or, when the form was posted before the page's script ran
 * (a plain post, the page drawn again with the action's answer), the page's answer to the form of
 * this `intent`.
 */
export function useFetcherAnswer(fetcher: { data?: FormResult }, intent: string): FormResult | undefined {
  const page = useActionData() as FormResult | undefined;
  return fetcher.data ?? (page?.sent?.some(([name, value]) => name === "intent" && value === intent) ? page : undefined);
}

/**
 * A back-office form's starting values: the record's (`saved`), or, on a page the server drew again
 * for a refused form (sent before the page's script ran), what that form sent, so nothing typed is
 * lost. `intent`: on a screen of several forms, only the one that sent it takes its values.
 */
export function startingValues(answer: FormResult | undefined, intent?: string) {
  const sent = answer?.ok ? undefined : answer?.sent;
  const mine = sent && (intent === undefined || sent.some(([name, value]) => name === "intent" && value === intent)) ? sent : undefined;
  const all = (name: string) => (mine ?? []).filter(([n]) => n === name).map(([, value]) => value);
  return {
    /** a text, number, date or single select field: what was sent, or the record's when it was not among the fields */
    text: (name: string, saved: string) => (mine ? (all(name)[0] ?? saved) : saved),
    /** a multiple select, or a group of boxes sharing a name: the values sent (none ticked sends none) */
    list: (name: string, saved: string[]) => (mine ? all(name) : saved),
    /** a tick box: ticked when it was sent with `value` */
    ticked: (name: string, saved: boolean, value = "on") => (mine ? all(name).includes(value) : saved),
  };
}

/** The schema's own fields from a FormData (other inputs such as redirectTo are left out). */
export function formValues(schema: z.ZodObject, form: FormData): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, form.get(key)?.toString() ?? undefined]));
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}

/**
 * A form's schema, or a loader of it (`() => import("…/schemas").then((m) => m.form)`): zod weighs
 * about 24 KB gzip, and a page on the way to paying should not wait for it before it answers taps.
 */
export type FormSchema = z.ZodObject | (() => Promise<z.ZodObject>);

/**
 * The schema once it is there: at once, or once the page's script has run and fetched it (when
 * `wanted` turns true, for a form hidden until she opens it).
 */
function useLoadedSchema(schema: FormSchema, wanted: boolean): z.ZodObject | null {
  const [loaded, setLoaded] = useState<z.ZodObject | null>(null);
  const load = useRef(schema);
  useEffect(() => {
    const loader = load.current;
    if (typeof loader !== "function" || !wanted) return;
    let mounted = true;
    // a failed fetch (her network) costs only the early check: the action checks the same schema
    loader().then(
      (s) => mounted && setLoaded(s),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return typeof schema === "function" ? loaded : schema;
}

/**
 * Runs the form's zod schema in the browser before the form is sent (the
 * action runs the same schema again on the server). Bad fields stop the submit
 * and show their messages; the server's field messages are shown when it answers.
 * A form sent before a loaded schema is there goes to the server as it is. `wanted: false` holds
 * the fetch of a loaded schema back until it turns true (a form most shoppers never open).
 */
export function useZodForm(formSchema: FormSchema, server: FormResult | undefined, { wanted = true } = {}) {
  const schema = useLoadedSchema(formSchema, wanted);
  const [client, setClient] = useState<{ fields: FieldErrors; answered: FormResult | undefined } | null>(null);
  // a new server answer replaces what the browser found before
  const fresh = client && client.answered === server ? client.fields : null;
  const errors: FieldErrors = fresh ?? server?.fields ?? {};
  const sent = useRef<HTMLFormElement | null>(null);
  useOnAnswer(server, (answer) => sent.current && focusAfterRefusal(sent.current, answer));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    sent.current = event.currentTarget;
    if (!schema) {
      setClient(null);
      return;
    }
    const result = schema.safeParse(formValues(schema, new FormData(event.currentTarget)));
    if (result.success) {
      setClient(null);
      return;
    }
    event.preventDefault();
    const fields = fieldErrors(result.error);
    setClient({ fields, answered: server });
    firstInvalid(event.currentTarget, fields)?.focus();
  }
  return { errors, onSubmit, msg: fresh ? undefined : server?.msg };
}

/**
 * Where focus goes when the server refuses a sent form (the busy button it was on was disabled, so
 * it fell to the page): the first field it names, whose message a screen reader then reads with it;
 * else, when focus was lost, the form's first field, below the alert that says why.
 */
function focusAfterRefusal(form: HTMLFormElement, answer: FormResult) {
  if (answer.ok || !form.isConnected) return;
  const field = firstInvalid(form, answer.fields ?? {});
  if (field) return field.focus();
  const active = document.activeElement;
  if (active && active !== document.body) return;
  // the button that sent it may still be disabled at this point: her first field takes the focus
  const fields = [...form.elements] as HTMLInputElement[];
  fields.find((el) => el.matches("input:not([type=hidden]), select, textarea") && !el.disabled)?.focus();
}

/**
 * The first field with an error in the order she reads the form (not the schema's order); a
 * radio group's first radio stands for the group.
 */
function firstInvalid(form: HTMLFormElement, fields: FieldErrors): HTMLElement | undefined {
  for (const el of form.elements) {
    const name = el.getAttribute("name");
    if (name && fields[name] && el.getAttribute("type") !== "hidden") return el as HTMLElement;
  }
  return undefined;
}

/**
 * The one "submitting" state of a form: with a fetcher, while it is busy; otherwise while this page's
 * form is sent and the page it leads to loads (a search form's GET navigation is not a submit).
 */
export function useBusy(fetcher?: { state: "idle" | "submitting" | "loading" }): boolean {
  const navigation = useNavigation();
  if (fetcher) return fetcher.state !== "idle";
  return navigation.state !== "idle" && Boolean(navigation.formMethod) && navigation.formMethod!.toUpperCase() !== "GET";
}

/**
 * Calls `react` once for each new answer of an action or a fetcher (a toast, a reset), never for the
 * answer the page was rendered with. It runs before the browser paints the answer, so a success
 * message never shows beside the form it has just emptied (Preact runs plain effects a frame later).
 */
export function useOnAnswer(answer: FormResult | undefined, react: (answer: FormResult) => void) {
  const seen = useRef(answer);
  const onAnswer = useEffectEvent(react);
  useLayoutEffect(() => {
    if (!answer || answer === seen.current) return;
    seen.current = answer;
    onAnswer(answer);
  }, [answer]);
}

/**
 * A storefront form posted to its page's own action, drawn again by the page before its script
 * runs (the coaching call, a team's gifts): the browser's check and the server's messages, the
 * answer's line, what she typed after a refusal, and an empty form after a thank-you.
 */
export function usePageForm(formSchema: FormSchema, answer: FormResult | undefined) {
  const form = useRef<HTMLFormElement>(null);
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(formSchema, answer);
  useOnAnswer(answer, (a) => {
    if (a.ok) form.current?.reset();
  });
  return { form, busy, errors, onSubmit, typed: answer?.ok ? undefined : answer?.typed, banner: answer?.ok ? answer.msg : msg };
}
