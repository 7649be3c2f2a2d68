import { storeUserIp } from "~/features/profile/index.server";
import { z } from "~/lib/zod";
import { clientIp } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/post/store-user-ip { userId, userIp }: records the caller's address. The address is taken from
 * the connection (Cloudflare's CF-Connecting-IP), not trusted from the body.
 */
export const action = jsonAction(
  { schema: z.object({ userId: z.string().min(1), userIp: z.string().optional() }), auth: true },
  async ({ request, env, input, viewer }) => {
    const ip = clientIp(request, env);
    await storeUserIp(env, viewer, input.userId, ip);
    return { userIp: ip };
  },
);
