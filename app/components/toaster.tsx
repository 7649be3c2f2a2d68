import { lazy, Suspense, useEffect, useState } from "react";
import { notify, onToast, type ShownToast, type Toast } from "~/lib/toast";

const SonnerHost = lazy(() => import("./sonner-host"));

const KIND_STYLES: Record<Toast["kind"], string> = {
  success: "border-emerald-500/40 bg-emerald-950 text-emerald-100",
  error: "border-red-500/40 bg-red-950 text-red-100",
  warning: "border-amber-500/40 bg-amber-950 text-amber-100",
  info: "border-sky-500/40 bg-sky-950 text-sky-100",
};

/**
 * The app-wide toaster. A toast handed over by the server (flash cookie) is rendered inline in the HTML,
 * so it shows without JavaScript; once the page is hydrated it moves into a timed toast. The toast library
 * is fetched with the first toast, not with every page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  useEffect(() => onToast((next) => setToasts((all) => [...all, next])), []);
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  // The server's toast as plain HTML: all there is without JavaScript, and what shows while sonner loads.
  const inline = toast ? (
    <div
      role="status"
      data-toast-kind={toast.kind}
      className={`mx-auto mt-4 max-w-xl rounded-lg border px-4 py-3 text-sm ${KIND_STYLES[toast.kind]}`}
    >
      {toast.message}
    </div>
  ) : null;
  if (toasts.length === 0) return inline;
  return (
    <Suspense fallback={inline}>
      <SonnerHost toasts={toasts} />
    </Suspense>
  );
}
