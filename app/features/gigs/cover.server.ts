import { sniffImage } from "~/features/profile/picture";
import { AppError, badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { GIG_MESSAGES as M } from "./messages";
import { COVER_MAX_BYTES } from "./schema";

/**
 * Stores a gig cover in the public media bucket under a random key, after the same checks as profile
 * pictures: size, and the real type by content (png or jpeg). The browser crops it to 16:9 before upload;
 * pages show it at 16:9 (object-cover) whatever arrives without JavaScript.
 */
export async function storeCover(env: Env, file: File): Promise<{ key: string; url: string }> {
  if (file.size === 0) throw badRequest(M.invalidImage, "product_cover_img");
  if (file.size > COVER_MAX_BYTES) throw new AppError(413, M.imageTooLarge, "product_cover_img");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw new AppError(415, M.invalidImage, "product_cover_img");
  const key = `gigs/${newId()}.${image.ext}`;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, url: `/media/${key}` };
}

/** A file field that holds a real upload (an empty file input sends a nameless empty file). */
export function uploadedFile(value: FormDataEntryValue | null | undefined): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}
