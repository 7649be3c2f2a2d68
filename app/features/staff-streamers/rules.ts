/** docs/domain.md: admin list defaults. */
export const STREAMER_LIST_DEFAULTS = { page: 1, limit: 10, sort: "fullName_asc" } as const;
