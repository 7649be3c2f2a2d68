/**
 * Destructive actions ask first (ban, delete, archive, cancel a slot, remove a payout). With JavaScript
 * the button opens a dialog whose "Yes" sends `confirm=yes` with the form (app/components/confirm.tsx). Without
 * JavaScript the form arrives without it: the action answers `confirmationNeeded(...)` instead of acting, and the
 * page shows that as a confirmation step, a second form carrying the same fields and `confirm=yes`.
 */
export const CONFIRM_FIELD = "confirm";

export type ConfirmationAsk = {
  confirm: { question: string; yes: string; fields: [string, string][] };
};

/** Null when the submission was confirmed; else what the confirmation step shows and sends again. */
export function confirmationNeeded(form: FormData, question: string, yes: string): ConfirmationAsk | null {
  if (form.get(CONFIRM_FIELD) === "yes") return null;
  const fields = [...form.entries()].filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== CONFIRM_FIELD,
  );
  return { confirm: { question, yes, fields } };
}

/** The confirmation step an action answered, if it did. */
export function askedToConfirm(actionData: unknown): ConfirmationAsk["confirm"] | null {
  if (actionData && typeof actionData === "object" && "confirm" in actionData) {
    return (actionData as Partial<ConfirmationAsk>).confirm ?? null;
  }
  return null;
}
