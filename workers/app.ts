import "./composition";
import { handleFetch } from "./fetch";
import { handleQueue } from "./queue";
import { handleScheduled } from "./scheduled";

// The local stand-ins of the outside services, outside production builds only: a production build folds this away,
// so it carries none (scripts/check-build.ts).
if (import.meta.env.MODE !== "production") await import("./dev-composition");

/**
 * The Worker entry (wrangler.toml `main`): the composition root (composition.ts) and, outside production builds, the
 * development composition (dev-composition.ts: the stand-ins); the Durable Object classes, and one handler per kind
 * of event, each in its own module: requests (fetch.ts), the queues' batches (queue.ts) and the crons (scheduled.ts).
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
