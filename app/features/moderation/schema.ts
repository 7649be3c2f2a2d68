import { z } from "~/lib/zod";
import { MODERATION_COPY } from "./copy";

/**
 * Inputs of the moderation screens and their /api twins (docs/domain.md, "Roles and what each may do"). Shared by the
 * Conform forms in the browser and the server, so this module holds no server code.
 */
/** The most reports or bans one call decides (each is a few statements of one batch). */
const MODERATION_BULK_MAX = 200;

const ids = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().trim().min(1).max(64)).min(1, message).max(MODERATION_BULK_MAX, MODERATION_COPY.tooMany),
  );

export const reportIdsSchema = z.object({ reportIds: ids(MODERATION_COPY.chooseReports) });
export const banIdsSchema = z.object({ banIds: ids(MODERATION_COPY.chooseBans) });

/** page and limit of the report and ban lists (defaults 1 and 10). */
export const moderationListSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(10),
});
export type ModerationListQuery = z.output<typeof moderationListSchema>;
