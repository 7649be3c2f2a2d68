import { uploadedFile } from "~/features/gigs/index.server";
import { STREAMER_PROFILE_COPY, streamerProfileSchema } from "~/features/streamer";
import { streamerProfileJson, updateStreamerProfile } from "~/features/streamer/index.server";
import { badRequest } from "~/lib/errors";
import { readBody } from "~/platform/http.server";
import { firstIssue, jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencer/profile/update {fullName, bio, profession, image} (JSON, or multipart with the image) */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) => {
  const multipart = (request.headers.get("Content-Type") ?? "").includes("multipart/form-data");
  const form = multipart ? await request.formData().catch(() => null) : null;
  const body = form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : await readBody(request);
  const parsed = streamerProfileSchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  const profile = await updateStreamerProfile(env, viewer, parsed.data, uploadedFile(form?.get("image")));
  return { message: STREAMER_PROFILE_COPY.bioUpdated, influencer: streamerProfileJson(profile) };
});
