import { PROFILE_COPY } from "~/features/profile";
import { uploadPicture } from "~/features/profile/index.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/edit/profile_picture (multipart form, field "image"): png or jpeg, checked by content. */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) => {
  const form = await request.formData().catch(() => null);
  const file = form?.get("image");
  if (!(file instanceof File)) return jsonError(400, PROFILE_COPY.invalidImage);
  const uploaded = await uploadPicture(env, viewer.id, file);
  return { message: PROFILE_COPY.pictureUpdated, images: { url: uploaded.url } };
});
