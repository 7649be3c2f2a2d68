/** docs/domain.md: a favourite change is sent this long after the last press (pressing again cancels). */
export const FAVOURITE_DELAY_MS = 1000;
