import type { TurnstileWidget as Widget } from "~/platform/turnstile/turnstile.server";
import { useNonce } from "./nonce";

const FIELD = "cf-turnstile-response";

/**
 * Cloudflare Turnstile's widget in a form (docs/decisions/031-turnstile.md): Cloudflare's script draws it and puts
 * its token in the form's `cf-turnstile-response` field (it needs JavaScript). The local stand-in has no script: the
 * page carries its token in that field already, as Cloudflare's always-pass test key would give one, so forms work
 * offline and with JavaScript off.
 */
export function TurnstileWidget({ widget }: { widget: Widget }) {
  const nonce = useNonce();
  if (widget.standIn) {
    return widget.standInToken ? (
      <input type="hidden" name={FIELD} value={widget.standInToken} />
    ) : (
      <p className="text-xs text-zinc-500">Bot check (local stand-in): this key always blocks.</p>
    );
  }
  return (
    <>
      <div className="cf-turnstile" data-sitekey={widget.siteKey} data-action={widget.action} data-theme="dark" />
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />
      <noscript>
        <p className="text-sm text-amber-300">This form asks for a quick bot check, which needs JavaScript.</p>
      </noscript>
    </>
  );
}
