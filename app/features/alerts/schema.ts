import { z } from "~/lib/zod";

/** A browser's push subscription as PushSubscription.toJSON() gives it (POST /api/push/subscribe). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(256) }),
});

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
