import { Form } from "react-router";

/**
 * A slot's place in the streamer no-show rule, on the streamer's calendar: "Start session" while it may be started
 * (a plain form: works without JavaScript), "Started" once it is, and the no-show once the cron found it one.
 */
export function SlotStartControl({
  slotId,
  startable,
  startedAt,
  noShowAt,
}: {
  slotId: string;
  startable: boolean;
  startedAt: Date | null;
  noShowAt: Date | null;
}) {
  if (noShowAt) return <p className="text-sm text-red-300">Not started: a no-show, its fans were refunded</p>;
  if (startedAt) return <p className="text-sm text-emerald-300">Started</p>;
  if (!startable) return null;
  return (
    <Form method="post">
      <input type="hidden" name="slotId" value={slotId} />
      <button
        type="submit"
        name="intent"
        value="start"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500"
      >
        Start session
      </button>
    </Form>
  );
}
