import { useState } from "react";
import { inputClass } from "./field";
import { useHydrated } from "./use-hydrated";

const CLIPBOARD_COPY = { copied: "Link copied!!", failed: "Failed to copy link!" } as const;

/**
 * A link to copy (the calendar feed, the stream overlay, the live session's short link): a read-only field that
 * selects itself when focused, so it can be copied by hand without JavaScript, and a Copy button once React runs
 * (a button that cannot work before then is not shown), which says whether the copy worked.
 */
export function CopyField({
  id,
  value,
  name,
  buttonText = "Copy",
  ariaLabel,
}: {
  id: string;
  value: string;
  /** What is copied, for the button's accessible name ("Copy Live queue overlay"). */
  name: string;
  buttonText?: string;
  /** The field's name when no visible label points at it. */
  ariaLabel?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <CopyButton
        value={value}
        label={buttonText}
        ariaLabel={buttonText === "Copy" ? `Copy ${name}` : undefined}
        said={CLIPBOARD_COPY}
      >
        <input
          id={id}
          readOnly
          value={value}
          aria-label={ariaLabel}
          className={`${inputClass} min-w-0 flex-1 font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </CopyButton>
    </div>
  );
}

/**
 * A Copy button once React runs (a button that cannot work before then is not shown) beside what it copies
 * (`children`, readable and selectable without JavaScript), and a status line saying whether the copy worked.
 */
export function CopyButton({
  value,
  label = "Copy",
  ariaLabel,
  said,
  children,
}: {
  value: string;
  label?: string;
  ariaLabel?: string;
  said: { copied: string; failed: string };
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <>
      <div className="flex min-w-0 items-center gap-2">
        {children}
        {hydrated ? (
          <button
            type="button"
            aria-label={ariaLabel}
            className="shrink-0 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-500"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(value);
                setStatus(said.copied);
              } catch {
                setStatus(said.failed);
              }
            }}
          >
            {label}
          </button>
        ) : null}
      </div>
      <span role="status" className="min-h-4 text-xs text-zinc-300">
        {status}
      </span>
    </>
  );
}
