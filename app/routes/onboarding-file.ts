import { getViewer } from "~/features/auth/index.server";
import { ONBOARDING_FILE_KINDS, type OnboardingFileKind, readOnboardingFile } from "~/features/onboarding/index.server";
import { envOf } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/onboarding-file";

/**
 * /onboarding/files/:userId/statement|agreement: the authorised download of a private onboarding file, for
 * its streamer and the staff who verify onboarding. Never cached, never rendered inline as a page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const kind = params.kind as OnboardingFileKind;
  if (!ONBOARDING_FILE_KINDS.includes(kind)) return new Response("Not found", { status: 404 });
  // Any refusal (no such file, not allowed to read it) is the same 404: the page does not say which.
  const file = await settle(async () => readOnboardingFile(env, await getViewer(request, env), params.userId, kind));
  if (!file.ok) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const object = file.value;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Cache-Control", "private, no-store");
  headers.set("Content-Disposition", `attachment; filename="${kind}"`);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return new Response(object.body, { headers });
}
