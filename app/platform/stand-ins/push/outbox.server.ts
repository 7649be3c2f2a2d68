import type { PushAlert, PushResult, PushSender, PushTarget } from "../../push/push.server";
import { keepInOutbox, readFromOutbox, type Stored } from "../outbox";

/**
 * The web push stand-in of development and tests (PUSH_PROVIDER not "webpush"): a local push service that keeps every
 * push it is given in the private bucket under dev-push/, newest first, for the /dev/push page and the tests to read.
 * An endpoint marked gone answers as a push service does for a subscription that no longer exists (410). Registered by
 * workers/dev-composition.ts; app/platform/push/push.server.ts takes it from the registry outside production builds.
 */
export type StoredPush = Stored<PushAlert & { endpoint: string }>;

const PUSH_PREFIX = "dev-push/";
const GONE_PREFIX = "dev-push-control/gone/";

async function goneKey(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return `${GONE_PREFIX}${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Makes the stand-in answer 410 Gone for `endpoint` from now on (a browser that dropped its subscription). */
export async function markPushEndpointGone(bucket: R2Bucket, endpoint: string): Promise<void> {
  await bucket.put(await goneKey(endpoint), "410");
}

export class StandInPushSender implements PushSender {
  constructor(private bucket: R2Bucket) {}

  async send(target: PushTarget, alert: PushAlert): Promise<PushResult> {
    if (await this.bucket.head(await goneKey(target.endpoint))) return "gone";
    await keepInOutbox(this.bucket, PUSH_PREFIX, { ...alert, endpoint: target.endpoint }, target.endpoint);
    return "delivered";
  }
}

/** The stand-in's pushes, newest first, only those to `endpoint` when given. */
export function readPushes(
  bucket: R2Bucket,
  options: { endpoint?: string; limit?: number } = {},
): Promise<StoredPush[]> {
  return readFromOutbox<PushAlert & { endpoint: string }>(bucket, PUSH_PREFIX, {
    to: options.endpoint,
    limit: options.limit,
  });
}
