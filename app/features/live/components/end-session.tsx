import { Form, Link, useNavigate } from "react-router";
import { notify } from "~/lib/toast";
import type { PartyConnection } from "~/lib/ui/use-party-socket";
import { LIVE_COPY } from "../copy";
import { type AckPayload, LIVE_EVENTS } from "../events";

/**
 * End Session's confirmation. Without JavaScript (or before the socket is up) it is a plain form the dashboard's
 * action handles. With the socket, confirming sends `endLiveSession` and waits for its acknowledgement
 * {success, error}: on success the streamer goes to /influencer/dashboard (every fan still in the queue has their
 * outcome: docs/domain.md "Session end"); a failure shows 'Error in ending live session'.
 */
export function EndSessionConfirm({
  liveSessionId,
  connection,
}: {
  liveSessionId: string;
  connection: PartyConnection | null;
}) {
  const navigate = useNavigate();
  return (
    <Form
      method="post"
      className="flex flex-col gap-3 rounded-xl border border-red-700 bg-red-950/40 p-5"
      aria-labelledby="end-title"
      onSubmit={async (event) => {
        if (!connection) return;
        event.preventDefault();
        const ack = (await connection.request({
          event: LIVE_EVENTS.end,
          data: { _live_session_id: liveSessionId },
        })) as AckPayload;
        if (!ack.success) {
          notify({ kind: "error", message: ack.error || LIVE_COPY.endFailed });
          return;
        }
        notify({ kind: "success", message: LIVE_COPY.ended });
        await navigate("/influencer/dashboard");
      }}
    >
      <p id="end-title" className="font-semibold">
        End this live session? Fans in game have played; everyone still waiting or called is told the session ended
        before their turn, and VIP places not played are refunded to the fans' wallets.
      </p>
      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="end"
          className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold"
        >
          Yes, end session
        </button>
        <Link to="." className="rounded-lg px-4 py-2 text-sm text-zinc-300">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
