import type { Viewer } from "~/features/access";
import { safeReturnPath } from "~/lib/return-path";
import { z } from "~/lib/zod";
import { assertSameOrigin, publicOrigin } from "~/platform/http.server";
import type { GuardContext, PageContext } from "~/routes/_lib/page-action.server";

/**
 * A feed's "make a new link" button (the overlay's, the calendar feed's) as a `pageAction` intent: a plain form;
 * the old link stops working, and the page it was posted from shows the new one at its section (`anchor`), or why
 * not.
 */
export function regenerateIntent(options: {
  regenerate: (env: Env, viewer: Viewer, origin: string) => Promise<unknown>;
  /** Where to go back when the form names no safe page. */
  fallback: string;
  anchor: string;
  message: string;
}) {
  const backOf = ({ formData }: PageContext<Viewer>) => safeReturnPath(formData.get("returnTo")) ?? options.fallback;
  return {
    schema: z.object({ returnTo: z.string().optional() }),
    plain: true as const,
    run: (_: unknown, { env, viewer, request }: PageContext<Viewer>) =>
      options.regenerate(env, viewer, publicOrigin(request, env)),
    success: (_: unknown, page: PageContext<Viewer>) => ({
      to: `${backOf(page).split("#")[0]}#${options.anchor}`,
      message: options.message,
    }),
    refused: (error: { message: string }, page: PageContext<Viewer>) => ({
      to: backOf(page),
      message: error.message,
      kind: "error" as const,
    }),
  };
}

/** The feeds' guard: same-origin posts only (a link elsewhere must not regenerate one), then the route's own. */
export function sameOriginAnd(require: (request: Request, env: Env) => Promise<Viewer>) {
  return ({ request, env }: GuardContext): Promise<Viewer> => {
    assertSameOrigin(request);
    return require(request, env);
  };
}
