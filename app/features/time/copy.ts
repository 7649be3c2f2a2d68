/** What the time-zone setting says (docs/decisions/019-viewer-time-zone.md). */
export const TIME_COPY = {
  saved: "Time zone saved: times now show in",
  unknownZone: "Pick a time zone from the list",
} as const;
