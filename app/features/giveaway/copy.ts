export const GIVEAWAY_COPY = {
  sent: (n: number) => `Lobby code sent to ${n} ${n === 1 ? "fan" : "fans"}`,
  noRecipients: "No fan has a confirmed booking on this slot",
  title: (code: string) => `Your lobby code for the giveaway session: ${code}`,
} as const;
