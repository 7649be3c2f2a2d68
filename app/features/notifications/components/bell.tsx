import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { BellLink } from "./bell-link";

/** The socket, its list and its pop-ups: loaded once the page runs, not with the page (docs/decisions/017). */
const LiveBell = lazy(() => import("./live-bell"));

/**
 * The header bell. Without JavaScript, and until the page has hydrated and the live bell (live-bell.tsx) has loaded
 * and connected, it is a link to /notifications; then it shows the unread count, the latest list and new
 * notifications as they come.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <BellLink />;
  return (
    <Suspense fallback={<BellLink />}>
      <LiveBell userId={userId} />
    </Suspense>
  );
}
