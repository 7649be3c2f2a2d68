import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/ui/use-hydrated";

type State = "unsupported" | "off" | "on" | "working" | "denied";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A button a thumb hits on a phone: 44 px high at least. */
const target = "min-h-11 rounded-lg px-4 py-2";

async function registration() {
  return navigator.serviceWorker.register("/sw.js");
}

/**
 * "Alerts on this device": subscribes this browser to web push (the service worker public/sw.js shows what arrives)
 * and tells the server (POST /api/push/subscribe), or unsubscribes it. Needs JavaScript and a browser with push; on
 * an iPhone or iPad, the site added to the Home Screen (iOS 16.4 and later).
 */
export function PushSubscribe({ vapidPublicKey, context }: { vapidPublicKey: string | null; context?: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("unsupported");
  useEffect(() => {
    if (!vapidPublicKey || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
    if (Notification.permission === "denied") {
      setState("denied");
      return;
    }
    registration()
      .then((reg) => reg.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("unsupported"));
  }, [vapidPublicKey]);

  if (!hydrated || !vapidPublicKey || state === "unsupported") {
    return (
      <p className="text-sm text-zinc-400" data-testid="push-subscribe">
        Alerts on this device need JavaScript and a browser with notifications (on iPhone and iPad: add Noobrd to your
        Home Screen first).
      </p>
    );
  }

  async function turnOn() {
    if (!vapidPublicKey) return;
    setState("working");
    try {
      const reg = await registration();
      const subscribe = () =>
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) });
      const tell = (subscription: PushSubscription) =>
        fetch("/api/push/subscribe", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(subscription.toJSON()),
        });
      const subscription = await subscribe();
      let response = await tell(subscription);
      if (response.status === 409) {
        // This browser's subscription is another account's (signed in here before): a new one is this account's.
        await subscription.unsubscribe();
        response = await tell(await subscribe());
      }
      setState(response.ok ? "on" : "off");
    } catch {
      setState(Notification.permission === "denied" ? "denied" : "off");
    }
  }

  async function turnOff() {
    setState("working");
    const subscription = await (await registration()).pushManager.getSubscription();
    if (subscription) {
      await fetch("/api/push/unsubscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ endpoint: subscription.endpoint }),
      });
      await subscription.unsubscribe();
    }
    setState("off");
  }

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="push-subscribe">
      <span>
        {state === "on"
          ? "Alerts are on for this device."
          : state === "denied"
            ? "Notifications are blocked for this site in your browser's settings."
            : (context ?? "Get an alert on this device when it's your turn or your booking is about to start.")}
      </span>
      {state === "on" ? (
        <button type="button" onClick={turnOff} className={`${target} bg-ink-700`}>
          Turn off alerts
        </button>
      ) : state === "denied" ? null : (
        <button
          type="button"
          onClick={turnOn}
          disabled={state === "working"}
          className={`${target} bg-brand-600 font-semibold hover:bg-brand-500`}
        >
          Turn on alerts
        </button>
      )}
    </div>
  );
}
