import { parseWithZod } from "@conform-to/zod/v4";
import { withoutBlankRequirements } from "~/features/gigs";
import { streamerCurrency, uploadedFile } from "~/features/gigs/index.server";
import { goLiveSchema, LIVE_COPY, parentHostsFor } from "~/features/live";
import { goLive } from "~/features/live/index.server";
import { badRequest } from "~/lib/errors";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/post/influencer/liveSession (form, or JSON): the go-live action. Answers
 * {isLiveSuccess, res_live_session_id}; one open session per streamer (409 otherwise).
 */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) => {
  const schema = goLiveSchema(streamerCurrency(viewer));
  const isJson = (request.headers.get("Content-Type") ?? "").includes("application/json");
  let input: ReturnType<typeof schema.parse>;
  let banner: File | null = null;
  if (isJson) {
    const parsed = schema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? LIVE_COPY.goLiveFailed);
    input = parsed.data;
  } else {
    const form = await request.formData();
    const submission = parseWithZod(withoutBlankRequirements(form), { schema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      throw badRequest(first ?? LIVE_COPY.goLiveFailed);
    }
    input = submission.value;
    banner = uploadedFile(form.get("banner"));
  }
  const { id } = await goLive(env, viewer, input, { parentHosts: parentHostsFor(publicOrigin(request, env)), banner });
  return { isLiveSuccess: true, res_live_session_id: id, message: LIVE_COPY.started };
});
