import type { ReactNode } from "react";
import { Link, useActionData } from "react-router";
import { useViewerZone, zoneLabel } from "~/features/time";
import { askedToConfirm } from "~/lib/confirm";
import { ConfirmStep } from "../confirm";

/** Small building blocks shared by the staff screens (app/routes/admin). */
export const buttonClass =
  "rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold hover:bg-brand-500 disabled:opacity-60";
export const secondaryButtonClass = "rounded-lg bg-ink-700 px-3 py-1.5 text-sm hover:bg-ink-600 disabled:opacity-60";
export const dangerButtonClass = "rounded-lg bg-red-900 px-3 py-1.5 text-sm hover:bg-red-800 disabled:opacity-60";

export function AdminPage({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  // A destructive staff action posted without JavaScript asks here first (app/lib/confirm.ts, pageAction).
  const ask = askedToConfirm(useActionData());
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {lead ? <p className="mt-1 text-sm text-zinc-400">{lead}</p> : null}
          <StaffZone />
        </div>
        {actions}
      </header>
      <ConfirmStep ask={ask} />
      {children}
    </div>
  );
}

/**
 * The zone every time on a staff page is shown in, named (docs/decisions/019-viewer-time-zone.md): the staff
 * member's saved zone, else their browser's, as on every page. Named as of today (its daylight-saving name).
 */
function StaffZone() {
  const zone = useViewerZone();
  return (
    <p className="mt-1 text-xs text-zinc-400" data-testid="staff-time-zone">
      Times in {zoneLabel(new Date(), zone)}
    </p>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A form's own errors (not tied to a field), announced to screen readers. */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" id={id} className="rounded-lg border border-red-700 bg-red-950 px-3 py-2 text-sm text-red-200">
      {errors.join(". ")}
    </p>
  );
}

/** Previous / next links for a numbered list (the page's other query parameters kept). */
export function Pager({ page, totalPages, search }: { page: number; totalPages: number; search: URLSearchParams }) {
  if (totalPages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      {page > 1 ? <Link to={to(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? <Link to={to(page + 1)}>Next</Link> : null}
    </nav>
  );
}

/**
 * The messages of a staff form reply (pageAction's `{intent, result}`) for the forms that show them at page
 * level: every reply but those of `except` (forms that show their own), or null.
 */
export function replyErrors(
  reply: { intent: string; result: { error?: Record<string, unknown> | null } | null } | undefined | null,
  except: string[] = [],
): string[] | null {
  if (!reply || except.includes(reply.intent)) return null;
  return Object.values(reply.result?.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === "string");
}
