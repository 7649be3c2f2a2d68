import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CONFIRM_FIELD, type ConfirmationAsk } from "~/lib/confirm";

/**
 * The shared piece of "destructive actions ask first" (the rule and the server half are in app/lib/confirm.ts).
 *
 * `ConfirmButton` goes inside the form in place of its submit button. With JavaScript a click opens a native
 * <dialog>; its "Yes" submits the same form with this button's name and value and `confirm=yes`. Without
 * JavaScript it is a plain submit button: the action answers a confirmation step, which the page shows with
 * `ConfirmStep`.
 */
const dialogClass =
  "m-auto max-w-sm rounded-xl border border-ink-700 bg-ink-900 p-6 text-left text-zinc-100 backdrop:bg-black/60";
const cancelClass = "rounded-md px-4 py-2 text-sm text-zinc-300 hover:bg-ink-800";
const yesClass = "rounded-md bg-red-700 px-4 py-2 text-sm font-semibold hover:bg-red-600";

export function ConfirmButton({
  name = "intent",
  value,
  question,
  yes,
  className,
  disabled,
  formNoValidate,
  children,
  "aria-label": ariaLabel,
}: {
  name?: string;
  value: string;
  question: string;
  yes: string;
  className?: string;
  disabled?: boolean;
  formNoValidate?: boolean;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const navigation = useNavigation();
  // Once the confirmed submission is done (the page revalidated), the dialog closes.
  useEffect(() => {
    if (navigation.state === "idle") dialog.current?.close();
  }, [navigation.state]);
  return (
    <>
      <button
        type="submit"
        name={name}
        value={value}
        className={className}
        disabled={disabled}
        formNoValidate={formNoValidate}
        aria-label={ariaLabel}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          // A form that would not be sent (a required choice left empty) says so first, rather than asking.
          const form = event.currentTarget.form;
          if (!formNoValidate && form && !form.reportValidity()) return;
          setAsking(true);
          dialog.current.showModal();
        }}
      >
        {children}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} onClose={() => setAsking(false)} className={dialogClass}>
        <p id={titleId} className="mb-5 text-base font-medium">
          {question}
        </p>
        {/* The submitter is "Yes" (name confirm), so the action's own name and value ride along here. */}
        {asking ? <input type="hidden" name={name} value={value} /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={() => dialog.current?.close()} className={cancelClass}>
            Cancel
          </button>
          <button type="submit" name={CONFIRM_FIELD} value="yes" className={yesClass} formNoValidate={formNoValidate}>
            {yes}
          </button>
        </div>
      </dialog>
    </>
  );
}

/** The confirmation step without JavaScript: the question, the same fields again with `confirm=yes`, or back. */
export function ConfirmStep({ ask }: { ask: ConfirmationAsk["confirm"] | null }) {
  const { pathname, search } = useLocation();
  if (!ask) return null;
  return (
    <section
      role="alert"
      aria-labelledby="confirm-step"
      className="mb-6 rounded-xl border border-red-800 bg-ink-900 p-5 text-zinc-100"
    >
      <p id="confirm-step" className="mb-4 font-medium">
        {ask.question}
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        {ask.fields.map(([key, value], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat (several chosen ids); order is fixed
          <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
        ))}
        <button type="submit" name={CONFIRM_FIELD} value="yes" className={yesClass}>
          {ask.yes}
        </button>
        <Link to={`${pathname}${search}`} className={cancelClass}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
