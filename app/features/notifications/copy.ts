/** What the Discord preferences say to the user. */
export const DISCORD_COPY = { updateFailed: "Error while updating discord notifications" } as const;
