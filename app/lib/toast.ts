import { toast as showToast } from "sonner";
import { TOAST_DURATION_MS } from "./constants";

/**
 * A toast: what the server hands over in its flash cookie (app/platform/toast.server.ts) and what the browser
 * shows. `notify` lives here, below the features, so a feature's hook can show one without importing a
 * component (layers point one way: routes -> features -> platform -> lib).
 */
export const TOAST_KINDS = ["success", "error", "warning", "info"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
export type Toast = { kind: ToastKind; message: string };

/** Shows a toast of one of the four kinds; `duration` defaults to SPEC.md's 2000 ms. */
export function notify(toast: Toast, duration = TOAST_DURATION_MS) {
  showToast[toast.kind](toast.message, { duration });
}
