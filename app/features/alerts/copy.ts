/** What the alerts feature tells people (docs/domain.md "Alerts"). */
export const ALERTS_COPY = {
  unknownPushService: "This browser's push service is not supported",
  endpointOfAnotherAccount:
    "This browser's alerts belong to another account. Turn them off there first, or turn them on again here.",
} as const;
