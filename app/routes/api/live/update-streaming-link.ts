import { parentHostsFor, streamingLinkSchema } from "~/features/live";
import { sendLiveCommand } from "~/features/live/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/post/influencer/updateStreamingLink {liveSessionId, isStreaming, streamingLink} (the session's streamer). */
export const action = jsonAction(
  { auth: true, schema: streamingLinkSchema },
  async ({ request, env, input, viewer }) => {
    await sendLiveCommand(env, input.liveSessionId, {
      type: "streamingLink",
      viewer,
      isStreaming: input.isStreaming,
      streamingLink: input.streamingLink,
      parentHosts: parentHostsFor(publicOrigin(request, env)),
    });
    return { message: "Streaming link updated" };
  },
);
