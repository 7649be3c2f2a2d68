import type { ReactNode } from "react";

/** The frame of every account screen: a centred card with a title and an optional lead paragraph. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-14">
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-7 shadow-xl">
        <h1 className="text-2xl font-bold">{title}</h1>
        {lead ? <div className="mt-2 text-sm text-zinc-400">{lead}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** Form-level errors (e.g. the server's message), announced to screen readers. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" id={id} className="rounded-lg border border-red-500/40 bg-red-950 px-3 py-2 text-sm text-red-100">
      {errors.join(". ")}
    </p>
  );
}

export const primaryButton =
  "w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold hover:bg-brand-500 disabled:opacity-60";
