import { pushUnsubscribeSchema } from "~/features/alerts";
import { unsubscribePush } from "~/features/alerts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/push/unsubscribe {endpoint}: this browser stops getting the signed-in fan's alerts. */
export const action = jsonAction({ schema: pushUnsubscribeSchema, auth: true }, async ({ env, input, viewer }) =>
  unsubscribePush(env, viewer, input.endpoint),
);

/** Other methods: 405. */
export const loader = action;
