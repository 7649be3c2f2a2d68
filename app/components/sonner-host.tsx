import { useEffect, useRef } from "react";
import { Toaster as SonnerToaster, toast as showToast } from "sonner";
import { type ShownToast, TOAST_DURATION_MS } from "~/lib/toast";

/** Loaded on the first toast (app/components/toaster.tsx): sonner's toaster, then every queued toast. */
export default function SonnerHost({ toasts }: { toasts: ShownToast[] }) {
  const shown = useRef(0);
  useEffect(() => {
    // The Toaster below has subscribed by now (a child's effects run before its parent's).
    for (const toast of toasts.slice(shown.current)) showToast[toast.kind](toast.message, { duration: toast.duration });
    shown.current = toasts.length;
  }, [toasts]);
  return <SonnerToaster position="top-center" theme="dark" duration={TOAST_DURATION_MS} />;
}
