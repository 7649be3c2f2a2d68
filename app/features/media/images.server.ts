import { sniffImage } from "~/features/profile";
import { AppError, badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { IMAGE_COPY } from "./copy";

/**
 * Stores an uploaded image in the public media bucket under `<folder>/<random id>.<ext>`, after checking its
 * size and its real type by content (png or jpeg; the name and the declared type are not trusted). Returns the
 * key and the public URL (/media/<key>, served immutable). `field` names the form field an error belongs to.
 */
export async function storePublicImage(
  env: Env,
  file: File,
  options: { folder: string; field: string; maxBytes: number; tooLarge: string; invalid?: string },
): Promise<{ key: string; url: string }> {
  const invalid = options.invalid ?? IMAGE_COPY.invalidImage;
  if (file.size === 0) throw badRequest(invalid, options.field);
  if (file.size > options.maxBytes) throw new AppError(413, options.tooLarge, options.field);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw new AppError(415, invalid, options.field);
  const key = `${options.folder}/${newId()}.${image.ext}`;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, url: `/media/${key}` };
}

/** A file field that holds a real upload (an empty file input sends a nameless empty file). */
export function uploadedFile(value: FormDataEntryValue | null | undefined): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}
