import "./composition";
import { handleFetch } from "./fetch";
import { handleQueue } from "./queue";
import { handleScheduled } from "./scheduled";

/**
 * The Worker entry (wrangler.toml `main`): the Durable Object classes, and one handler per kind of event, each in
 * its own module: requests (fetch.ts), the queues' batches (queue.ts) and the crons (scheduled.ts).
 */
export { ChatReplies } from "./chat-replies";
export { LiveSession } from "./live-session";
export { LiveWatchers } from "./live-watchers";
export { UserHub } from "./user-hub";

const worker = {
  fetch: handleFetch,
  queue: handleQueue,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;

export default worker;
