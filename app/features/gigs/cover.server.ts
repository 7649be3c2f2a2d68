import { storePublicImage } from "~/features/media/index.server";
import { GIG_COPY } from "./copy";
import { COVER_MAX_BYTES } from "./schema";

export { uploadedFile } from "~/features/media/index.server";

/**
 * Stores a gig cover in the public media bucket (storePublicImage: size, and the real type by content, png or
 * jpeg). The browser crops it to 16:9 before upload; pages show it at 16:9 (object-cover) whatever arrives
 * without JavaScript.
 */
export function storeCover(env: Env, file: File): Promise<{ key: string; url: string }> {
  return storePublicImage(env, file, {
    folder: "gigs",
    field: "product_cover_img",
    maxBytes: COVER_MAX_BYTES,
    tooLarge: GIG_COPY.imageTooLarge,
    invalid: GIG_COPY.invalidImage,
  });
}
