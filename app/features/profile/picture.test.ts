import { describe, expect, it } from "vitest";
import {
  JPEG_1X1,
  JPEG_THEN_HTML,
  PNG_1X1,
  PNG_HEAD_THEN_HTML,
  PNG_THEN_HTML,
  pngClaiming,
} from "~tests/fixtures/images";
import { IMAGE_MAX_SIDE, sniffImage } from "./picture";

describe("sniffImage", () => {
  it("recognises real PNG and JPEG files with their dimensions", () => {
    expect(sniffImage(PNG_1X1)).toEqual({ ext: "png", contentType: "image/png", width: 1, height: 1 });
    expect(sniffImage(JPEG_1X1)).toEqual({ ext: "jpg", contentType: "image/jpeg", width: 1, height: 1 });
  });

  it.each([
    ["a PNG followed by HTML", PNG_THEN_HTML],
    ["a JPEG followed by HTML", JPEG_THEN_HTML],
    ["a PNG signature and header, then HTML", PNG_HEAD_THEN_HTML],
    ["a truncated PNG", PNG_1X1.slice(0, PNG_1X1.length - 6)],
    ["a truncated JPEG", JPEG_1X1.slice(0, 40)],
    ["HTML", new TextEncoder().encode("<svg onload=alert(1)>")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });

  it("caps the dimensions an image declares", () => {
    expect(sniffImage(pngClaiming(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE))?.width).toBe(IMAGE_MAX_SIDE);
    expect(sniffImage(pngClaiming(IMAGE_MAX_SIDE + 1, 10))).toBeNull();
    expect(sniffImage(pngClaiming(10, 100_000))).toBeNull();
    expect(sniffImage(pngClaiming(0, 10))).toBeNull();
  });
});
