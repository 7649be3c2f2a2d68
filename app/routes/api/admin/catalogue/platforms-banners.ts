import { uploadedFile } from "~/features/media/index.server";
import { bannerSchema, platformSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { addBanner, addPlatform, deleteBanner } from "~/features/staff-catalogue/index.server";
import { readFormBody } from "~/routes/api/_lib/form-body.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/admin/add/platform {platformName} (+ `platformIcon` file), POST /api/admin/add/banner {title,
 * description, linkUrl} (+ `image` file, required) and POST /api/admin/delete/banners/:id.
 */
export const action = jsonAction({ auth: true, staff: "catalogue" }, async ({ request, env, viewer, params }) => {
  const path = new URL(request.url).pathname;
  if (path.includes("/delete/banners/")) {
    await deleteBanner(env, viewer, params.id ?? "");
    return { message: STAFF_CATALOGUE_COPY.bannerDeleted };
  }
  if (path.endsWith("/add/platform")) {
    const { input, form } = await readFormBody(request, platformSchema);
    return {
      message: STAFF_CATALOGUE_COPY.platformAdded,
      ...(await addPlatform(env, viewer, input, uploadedFile(form?.get("platformIcon")))),
    };
  }
  const { input, form } = await readFormBody(request, bannerSchema);
  return {
    message: STAFF_CATALOGUE_COPY.bannerAdded,
    ...(await addBanner(env, viewer, input, uploadedFile(form?.get("image")))),
  };
});
