/** Recognises an uploaded image by its first bytes, not by its name or declared type. */
export function sniffImage(bytes: Uint8Array): { ext: "png" | "jpg"; contentType: "image/png" | "image/jpeg" } | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return { ext: "png", contentType: "image/png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: "jpg", contentType: "image/jpeg" };
  return null;
}
