import type { ReactNode } from "react";

/**
 * A labelled form control with its validation errors, linked for screen readers, and an optional hint said before
 * anything is typed (its id is `${id}-hint`, for the control's aria-describedby).
 */
export function Field({
  label,
  id,
  errors,
  hint,
  children,
}: {
  label: string;
  id: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-red-400">
          {errors.join(". ")}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "w-full rounded-lg border border-ink-700 bg-ink-800 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none aria-[invalid=true]:border-red-500";
