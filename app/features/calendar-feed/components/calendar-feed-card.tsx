import { SecretLinkCard } from "~/features/feeds";
import type { CalendarFeedUrls } from "../links.server";

/** The private calendar subscription on /profile and the streamer's calendar dashboard. */
export function CalendarFeedCard({
  urls,
  returnTo,
  streamer,
}: {
  urls: CalendarFeedUrls;
  returnTo: string;
  streamer: boolean;
}) {
  return (
    <SecretLinkCard
      id="calendar-feed"
      title="Calendar subscription"
      intro={
        streamer
          ? "Your slots (and anything you booked) in Google Calendar, Apple Calendar or Outlook, kept up to date. Keep this link private: anyone with it can read your calendar."
          : "Your booked sessions in Google Calendar, Apple Calendar or Outlook, kept up to date. Keep this link private: anyone with it can read your bookings."
      }
      links={[
        {
          label: "Subscribe link (webcal)",
          url: urls.webcal,
          open: { text: "Open in my calendar app", href: urls.webcal },
        },
        { label: "Link to paste (https)", url: urls.https },
      ]}
      regenerateAction="/calendar-feed/regenerate"
      returnTo={returnTo}
      regenerateLabel="Make a new calendar link"
    />
  );
}
