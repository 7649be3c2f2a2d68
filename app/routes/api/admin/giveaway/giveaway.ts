import { giveawayNotifySchema, giveawayPeriodSchema } from "~/features/giveaway";
import { GIVEAWAY_COPY, sendGiveawayLobbyCode, signedUpUsers, slotBookedUsers } from "~/features/giveaway/index.server";
import { readBody } from "~/platform/http.server";
import { jsonAction, jsonLoader, parseInput } from "~/routes/api/_lib/json-action.server";

/** GET /api/admin/signed-up-users and /api/admin/slot-booked-users (startTime, endTime; default the last 7 days). */
export const loader = jsonLoader(
  { schema: giveawayPeriodSchema, auth: true, staff: "giveaway" },
  async ({ request, env, viewer, input }) =>
    new URL(request.url).pathname.endsWith("/signed-up-users")
      ? signedUpUsers(env, viewer, input)
      : slotBookedUsers(env, viewer, input),
);

/** POST /api/admin/send-notifications {lobbyCode, slotId} */
export const action = jsonAction({ auth: true, staff: "giveaway" }, async ({ request, env, viewer }) => {
  const input = parseInput(giveawayNotifySchema, (await readBody(request)) ?? {});
  const result = await sendGiveawayLobbyCode(env, viewer, input);
  return { message: GIVEAWAY_COPY.sent(result.notified), ...result };
});
