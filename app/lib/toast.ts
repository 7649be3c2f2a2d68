/**
 * A toast: what the server hands over in its flash cookie (app/platform/toast.server.ts) and what the browser
 * shows. `notify` lives here, below the features, so a feature's hook can show one without importing a
 * component (layers point one way: routes -> features -> platform -> lib).
 *
 * It does not import the toast library: the app's Toaster (app/components/toaster.tsx) listens here and
 * loads it on the first toast, so pages that never show one do not download it (docs/decisions/017).
 */
/** docs/domain.md: toasts show for 2000 ms. */
export const TOAST_DURATION_MS = 2000;

export const TOAST_KINDS = ["success", "error", "warning", "info"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
export type Toast = { kind: ToastKind; message: string };
export type ShownToast = Toast & { duration: number };

type Listener = (toast: ShownToast) => void;
let listener: Listener | null = null;
const waiting: ShownToast[] = [];

/** Shows a toast of one of the four kinds; `duration` defaults to docs/domain.md's 2000 ms. */
export function notify(toast: Toast, duration = TOAST_DURATION_MS) {
  const shown = { ...toast, duration };
  if (listener) listener(shown);
  else waiting.push(shown);
}

/** The Toaster's subscription: receives toasts notified before it mounted, then each new one. */
export function onToast(next: Listener): () => void {
  listener = next;
  for (const toast of waiting.splice(0)) next(toast);
  return () => {
    if (listener === next) listener = null;
  };
}
