import { useEffect, useState } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/constants";
import { notify, type Toast } from "~/lib/toast";

const KIND_STYLES: Record<Toast["kind"], string> = {
  success: "border-emerald-500/40 bg-emerald-950 text-emerald-100",
  error: "border-red-500/40 bg-red-950 text-red-100",
  warning: "border-amber-500/40 bg-amber-950 text-amber-100",
  info: "border-sky-500/40 bg-sky-950 text-sky-100",
};

/**
 * The app-wide toaster. A toast handed over by the server (flash cookie) is rendered inline in the HTML,
 * so it shows without JavaScript; once the page is hydrated it moves into a timed toast.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  return (
    <>
      <SonnerToaster position="top-center" theme="dark" duration={TOAST_DURATION_MS} />
      {toast && !hydrated ? (
        <div
          role="status"
          data-toast-kind={toast.kind}
          className={`mx-auto mt-4 max-w-xl rounded-lg border px-4 py-3 text-sm ${KIND_STYLES[toast.kind]}`}
        >
          {toast.message}
        </div>
      ) : null}
    </>
  );
}
