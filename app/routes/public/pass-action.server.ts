import type { Viewer } from "~/features/access";
import { PASSES_COPY } from "~/features/passes";
import { buyPassWithWallet } from "~/features/passes/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";

/**
 * The star page's "Buy VIP pass" form (a plain POST with intent `buy-pass`): buys through the passes use case, then
 * back to the pass with a toast saying what happened or why not (works without JavaScript).
 */
export async function passAction(env: Env, viewer: Viewer, streamerId: string) {
  const back = `/star/${streamerId}#pass-title`;
  const bought = await settle(buyPassWithWallet(env, viewer, streamerId));
  return bought.ok
    ? redirectWithToast(env, back, { kind: "success", message: PASSES_COPY.bought })
    : redirectWithToast(env, back, { kind: "error", message: bought.error.message });
}
