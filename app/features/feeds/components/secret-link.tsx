import { Form } from "react-router";
import { CopyField } from "~/lib/ui/copy-field";

export type SecretLink = { label: string; url: string; open?: { text: string; href: string } };

/**
 * A private URL to copy (the calendar subscription, the stream overlay) and a plain form that replaces it: no
 * JavaScript needed, the URL sits in a read-only field to select and copy; with it, a Copy button beside it.
 */
export function SecretLinkCard({
  id,
  title,
  intro,
  links,
  regenerateAction,
  returnTo,
  regenerateLabel,
}: {
  id: string;
  title: string;
  intro: string;
  links: SecretLink[];
  regenerateAction: string;
  returnTo: string;
  regenerateLabel: string;
}) {
  return (
    <section id={id} aria-label={title} className="min-w-0 rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-zinc-400">{intro}</p>
      <div className="mt-4 flex flex-col gap-3">
        {links.map((link) => (
          <div key={link.label} className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-${slug(link.label)}`} className="text-sm font-medium">
              {link.label}
            </label>
            <CopyField id={`${id}-${slug(link.label)}`} value={link.url} name={link.label} />
            {link.open ? (
              <a href={link.open.href} className="self-start text-sm text-brand-400 underline">
                {link.open.text}
              </a>
            ) : null}
          </div>
        ))}
      </div>
      <Form method="post" action={regenerateAction} className="mt-4">
        <input type="hidden" name="returnTo" value={returnTo} />
        <button
          type="submit"
          className="rounded-lg border border-ink-600 px-4 py-2 text-sm font-semibold hover:bg-ink-800"
        >
          {regenerateLabel}
        </button>
        <p className="mt-1 text-xs text-zinc-400">The old link stops working at once.</p>
      </Form>
    </section>
  );
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
