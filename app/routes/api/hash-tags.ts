import { hashTags } from "~/features/catalogue/reads.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get-hash-tags */
export const loader = catalogueLoader(undefined, hashTags);
