import { entryIdSchema } from "~/features/live";
import { entryOwner, sendLiveCommand } from "~/features/live/index.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/post/delete_user_regular_queue {id}: a queue entry leaves the queue: its fan leaves, or the
 * session's streamer removes it. The use cases decide who may (anyone else: 403).
 */
export const action = jsonAction({ auth: true, schema: entryIdSchema }, async ({ env, input, viewer }) => {
  const entry = await entryOwner(env, input.id);
  const command =
    entry.userId === viewer.id
      ? ({ type: "leave", viewer, entryId: input.id } as const)
      : ({ type: "remove", viewer, entryId: input.id } as const);
  await sendLiveCommand(env, entry.liveSessionId, command);
  return { message: "Removed from the queue" };
});
