import { pushSubscriptionSchema } from "~/features/alerts";
import { subscribePush } from "~/features/alerts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/push/subscribe {endpoint, keys: {p256dh, auth}}: this browser gets the signed-in fan's alerts. */
export const action = jsonAction({ schema: pushSubscriptionSchema, auth: true }, async ({ env, input, viewer }) =>
  subscribePush(env, viewer, input),
);

/** Other methods: 405. */
export const loader = action;
