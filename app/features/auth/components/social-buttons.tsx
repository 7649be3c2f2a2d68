/**
 * "Continue with Discord / Google": each a plain form posting to /auth/:provider with a full page load
 * (the provider is another site), so it works the same with JavaScript off.
 */
const LABELS = { discord: "Discord", google: "Google" } as const;
type Provider = keyof typeof LABELS;

export function SocialButtons({
  providers,
  redirectTo,
}: {
  providers: readonly Provider[];
  redirectTo?: string | null;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-zinc-400">
        <span className="h-px flex-1 bg-ink-700" />
        or
        <span className="h-px flex-1 bg-ink-700" />
      </div>
      {providers.map((provider) => (
        <form key={provider} method="post" action={`/auth/${provider}`}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button
            type="submit"
            className="w-full rounded-lg border border-ink-700 bg-ink-800 px-4 py-2.5 text-sm font-semibold hover:bg-ink-700"
          >
            Continue with {LABELS[provider]}
          </button>
        </form>
      ))}
    </div>
  );
}
