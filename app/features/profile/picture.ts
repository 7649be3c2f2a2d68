/**
 * Recognises an uploaded image by its structure, not by its name, declared type or first bytes alone: a PNG
 * signature or JPEG start followed by HTML was stored before. The PNG is walked chunk by chunk from IHDR to
 * IEND with nothing after it; the JPEG segment by segment to its frame header, and must end at its EOI marker.
 * Both give their dimensions, which are capped (IMAGE_MAX_SIDE). Anything else is not an image we keep.
 */
export const IMAGE_MAX_SIDE = 8000;

export type SniffedImage = {
  ext: "png" | "jpg";
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at] ?? 0) * 0x1000000 + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0)
  );
}

function u16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) + (bytes[at + 1] ?? 0);
}

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

function png(bytes: Uint8Array): { width: number; height: number } | null {
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return null;
  // The first chunk is IHDR, 13 bytes long.
  if (u32(bytes, 8) !== 13 || chunkType(bytes, 12) !== "IHDR") return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  let at = 8;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = chunkType(bytes, at + 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return next === bytes.length && sawData ? { width, height } : null;
    at = next;
  }
  return null;
}

/** Start-of-frame markers that carry the dimensions (baseline, progressive, lossless, arithmetic). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  // The file ends at its EOI marker (trailing zero padding, which some cameras write, is allowed).
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return null;
  let at = 2;
  while (at + 4 <= end) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = u16(bytes, at + 2);
    if (length < 2 || at + 2 + length > end) return null;
    if (SOF.has(marker)) {
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      return { width, height };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    at += 2 + length;
  }
  return null;
}

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const asPng = png(bytes);
  const found: SniffedImage | null = asPng
    ? { ext: "png", contentType: "image/png", ...asPng }
    : ((size) => (size ? { ext: "jpg" as const, contentType: "image/jpeg" as const, ...size } : null))(jpeg(bytes));
  if (!found) return null;
  const { width, height } = found;
  if (width < 1 || height < 1 || width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return null;
  return found;
}
