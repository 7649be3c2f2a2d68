import { SecretLinkCard } from "~/features/feeds";
import type { OverlayUrls } from "../overlay.server";

/** The stream overlay's URLs to paste into OBS, on the queue dashboard and the streamer dashboard. */
export function OverlayCard({ urls, returnTo }: { urls: OverlayUrls; returnTo: string }) {
  return (
    <SecretLinkCard
      id="stream-overlay"
      title="Stream overlay (OBS)"
      intro="Add a Browser source in OBS with one of these URLs (width 400): your live queue, or your next slot and its seats left. Transparent, no login; anyone with the link sees what your stream shows."
      links={[
        { label: "Live queue overlay", url: urls.queue },
        { label: "Next slot overlay", url: urls.nextSlot },
      ]}
      regenerateAction="/influencer/overlay/regenerate"
      returnTo={returnTo}
      regenerateLabel="Make new overlay links"
    />
  );
}
