import { parseWithZod } from "@conform-to/zod/v4";
import type { Viewer } from "~/features/access";
import { buyPackSchema, PACKS_COPY } from "~/features/packs";
import { buyPack } from "~/features/packs/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";

/**
 * The gig page's "Buy pack" form (a plain POST with intent `buy-pack`): buys through the packs use case, then back
 * to the gig's booking form with a toast saying what happened or why not (works without JavaScript).
 */
export async function packAction(env: Env, viewer: Viewer, gigId: string, formData: FormData) {
  const back = `/gig/${gigId}#booking`;
  const submission = parseWithZod(formData, { schema: buyPackSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? PACKS_COPY.buyFailed;
    return redirectWithToast(env, back, { kind: "error", message });
  }
  const bought = await settle(buyPack(env, viewer, gigId, submission.value));
  return bought.ok
    ? redirectWithToast(env, back, { kind: "success", message: PACKS_COPY.bought })
    : redirectWithToast(env, back, { kind: "error", message: bought.error.message });
}
