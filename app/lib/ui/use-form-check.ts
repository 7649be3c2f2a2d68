import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

/**
 * A form's errors as a Conform submission reports them (the server's reply (`replyTo`, app/routes/_lib/form.server.ts), or `parseWithZod` in the
 * browser): messages by field name (`slotId`, `multipleGamerTags[0]`), the form's own under "".
 */
export type FormReport = {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
};

export type FormCheck = (formData: FormData) => FormReport;

export type FieldErrors = Record<string, string[]>;

function errorsOf(report: FormReport | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(report?.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

/** Focuses the first control (in the form's order) that has an error, as a browser does with its own checks. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of form.elements) {
    const name = element.getAttribute("name");
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/**
 * Checks a form in the browser before it is sent, with the check the server runs (a Conform submission of the same
 * Zod schema), and shows the server's answer when it refuses. Without JavaScript the form posts and the page shows
 * the server's errors (`lastResult`); with it, `load` brings the check in its own chunk on the form's first touch
 * (a tap, a focus or a key in it, or a refusal from the server), not at hydration: evaluating Zod is a long task of
 * the page's load on a phone. Until it has loaded the server checks alone; the form then carries `novalidate`, a
 * submit it refuses is not sent and focuses the first field in error, and after that first refusal the errors follow
 * every input.
 *
 * Conform's `useForm` does this and more (intents, field lists, dirty state); on a catalogue page its ~10 KiB gzip
 * were half of the page's own JavaScript budget (20 KiB, docs/decisions/017), so the page's forms use this instead, and Conform stays
 * on the server and in the lazily loaded check.
 */
export function useFormCheck({ lastResult, load }: { lastResult?: FormReport | null; load: () => Promise<FormCheck> }) {
  const [errors, setErrors] = useState<FieldErrors>(() => errorsOf(lastResult));
  const check = useRef<FormCheck | null>(null);
  const [ready, setReady] = useState(false);
  const refused = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const shown = useRef(lastResult);
  const loader = useRef(load);

  const loading = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  /** Brings the check in, once: on the form's first touch, not at hydration (its evaluation is a long task). */
  const prepare = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void loader.current().then((loaded) => {
      if (!live.current) return;
      check.current = loaded;
      setReady(true);
    });
  }, []);

  // A new answer from the server (a client-side submit): its errors, and the first field in error focused.
  useEffect(() => {
    if (lastResult === shown.current) return;
    shown.current = lastResult;
    const next = errorsOf(lastResult);
    setErrors(next);
    if (form.current && lastResult?.status === "error") {
      focusFirstInvalid(form.current, next);
      // The fan is correcting the form: the check follows their input from here.
      prepare();
    }
  }, [lastResult, prepare]);

  function run(element: HTMLFormElement, submitter?: HTMLElement | null): FormReport | null {
    if (!check.current) return null;
    const report = check.current(new FormData(element, submitter ?? null));
    setErrors(errorsOf(report));
    return report;
  }

  return {
    errors,
    formProps: {
      ref: form,
      // Once the check has loaded it speaks for the browser's own (which would stop a submit with its own words).
      noValidate: ready,
      // The first touch of the form (a tap, a field focused, a key) loads the check; a submit before it has loaded
      // is checked by the server alone.
      onFocus: prepare,
      onPointerDown: prepare,
      onKeyDown: prepare,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const report = run(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        if (!report || report.status === "success") return;
        refused.current = true;
        event.preventDefault();
        focusFirstInvalid(event.currentTarget, errorsOf(report));
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        if (refused.current) run(event.currentTarget);
      },
    },
  };
}
