import { useEffect, useRef, useState } from "react";
import { LIVE_MESSAGES } from "../messages";

/**
 * After going live: the shareable /live/:id link with Copy link ('Link copied!!' / 'Failed to copy link!').
 * A dialog with JavaScript; without it the same box shows in the page, the link selectable.
 */
export function ShareModal({ url }: { url: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [status, setStatus] = useState<string | null>(null);
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
        {LIVE_MESSAGES.started}
      </h2>
      <p className="mb-3 text-sm text-zinc-400">Share your live session:</p>
      <input
        readOnly
        value={url}
        aria-label="Live session link"
        className="mb-4 w-full rounded-lg bg-ink-800 px-3 py-2 text-sm"
      />
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setStatus(LIVE_MESSAGES.linkCopied);
            } catch {
              setStatus(LIVE_MESSAGES.copyFailed);
            }
          }}
        >
          Copy link
        </button>
        <form method="dialog">
          <button type="submit" className="rounded-lg px-4 py-2 text-sm text-zinc-300">
            Close
          </button>
        </form>
        {status ? (
          <span role="status" className="text-sm text-zinc-300">
            {status}
          </span>
        ) : null}
      </div>
    </dialog>
  );
}
