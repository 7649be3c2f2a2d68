import { useEffect, useRef } from "react";
import { CopyField } from "~/lib/ui/copy-field";
import { LIVE_COPY } from "../copy";

/**
 * After going live: the streamer's short link (/@handle, which opens this session while it runs) with Copy link
 * ('Link copied!!' / 'Failed to copy link!').
 * A dialog with JavaScript; without it the same box shows in the page, the link selectable.
 */
export function ShareModal({ url }: { url: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      element.removeAttribute("open");
      element.showModal();
    }
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="share-title"
      className="relative m-auto rounded-xl border border-ink-700 bg-ink-900 p-6 text-zinc-100 backdrop:bg-black/60"
    >
      <h2 id="share-title" className="mb-2 text-lg font-semibold">
        {LIVE_COPY.started}
      </h2>
      <p className="mb-3 text-sm text-zinc-400">Share your live session:</p>
      <CopyField
        id="live-session-link"
        value={url}
        name="live session link"
        ariaLabel="Live session link"
        buttonText="Copy link"
      />
      <div className="mt-3 flex items-center gap-3">
        <form method="dialog">
          <button type="submit" className="rounded-lg px-4 py-2 text-sm text-zinc-300">
            Close
          </button>
        </form>
      </div>
    </dialog>
  );
}
