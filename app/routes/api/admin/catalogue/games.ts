import { uploadedFile } from "~/features/media/index.server";
import { gameSchema, STAFF_CATALOGUE_COPY } from "~/features/staff-catalogue";
import { createGame, deleteGame, updateGame } from "~/features/staff-catalogue/index.server";
import { readFormBody } from "~/routes/api/_lib/form-body.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/admin/add/game and /api/admin/edit-game/:id (JSON, or form data with `image` and `gameLogo` files
 * and modes as modes[i].name / durationMinutes / noOfPlayers), and POST /api/admin/deleteGame/:id.
 */
export const action = jsonAction({ auth: true, staff: "catalogue" }, async ({ request, env, viewer, params }) => {
  const path = new URL(request.url).pathname;
  if (path.includes("/deleteGame/")) {
    await deleteGame(env, viewer, params.id ?? "");
    return { message: STAFF_CATALOGUE_COPY.gameDeleted };
  }
  const { input, form } = await readFormBody(request, gameSchema);
  const files = { image: uploadedFile(form?.get("image")), logo: uploadedFile(form?.get("gameLogo")) };
  if (path.includes("/edit-game/")) {
    const result = await updateGame(env, viewer, params.id ?? "", input, files);
    return { message: STAFF_CATALOGUE_COPY.gameUpdated, ...result };
  }
  return { message: STAFF_CATALOGUE_COPY.gameAdded, ...(await createGame(env, viewer, input, files)) };
});
