import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, crc32, crc32Combine, gzipFill, gzipTemplate } from "./gzip-splice";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Whole characters (the emoji is two UTF-16 units), multi-byte ones included. */
const ALPHABET = [...'abcdefghij <>"=é😀\n'];

function randomText(length: number, seed: number): string {
  let x = seed;
  let text = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    text += ALPHABET[x % ALPHABET.length];
  }
  return text;
}

describe("gzip splice", () => {
  it("combines CRC-32s as one pass over the whole would", () => {
    for (const [a, b] of [
      ["", ""],
      ["hello", ""],
      ["", "world"],
      ["hello ", "world"],
      [randomText(5000, 1), randomText(70_000, 2)],
    ] as const) {
      const left = encoder.encode(a);
      const right = encoder.encode(b);
      const whole = encoder.encode(a + b);
      expect(crc32Combine(crc32(left), crc32(right), right.byteLength)).toBe(crc32(whole));
    }
    expect(crc32(encoder.encode("123456789"))).toBe(0xcbf43926); // the check value of CRC-32/ISO-HDLC
  });

  it("fills every gap with the value, and any gzip reader checks the result", () => {
    const page = `<html><head><script nonce="OLD">a</script>${randomText(20_000, 3)}<script nonce="OLD">b</script></head>${randomText(90_000, 4)}<script nonce="OLD">c</script></html>`;
    const parts = page.split('nonce="OLD"').map((part) => encoder.encode(part));
    const template = gzipTemplate(parts);
    expect(template.bytes).toBeLessThan(page.length / 2);
    for (const nonce of ["4dvRv+UdDalLEod2GThREw==", "x", ""]) {
      const body = gzipFill(template, encoder.encode(`nonce="${nonce}"`));
      // gunzip verifies the trailer's CRC-32 and length.
      expect(decoder.decode(gunzipSync(body))).toBe(page.replaceAll('nonce="OLD"', `nonce="${nonce}"`));
    }
  });

  it("handles a body with no gap, empty parts and gaps side by side", () => {
    for (const page of ["", "no gap at all", "GAPGAP", "GAPmiddleGAP", `${randomText(300, 5)}GAP`]) {
      const template = gzipTemplate(page.split("GAP").map((part) => encoder.encode(part)));
      const body = gzipFill(template, encoder.encode("value"));
      expect(decoder.decode(gunzipSync(body))).toBe(page.replaceAll("GAP", "value"));
    }
  });

  it("refuses a value longer than one stored block", () => {
    const template = gzipTemplate([encoder.encode("a"), encoder.encode("b")]);
    expect(() => gzipFill(template, new Uint8Array(0x10000))).toThrow(RangeError);
  });

  it("reads Accept-Encoding", () => {
    const accepts = (value: string | null) =>
      acceptsGzip(new Request("https://x.test/", value === null ? {} : { headers: { "Accept-Encoding": value } }));
    expect(accepts("gzip, deflate, br, zstd")).toBe(true);
    expect(accepts("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(accepts("GZIP")).toBe(true);
    expect(accepts("*")).toBe(true);
    expect(accepts("br")).toBe(false);
    expect(accepts("gzip;q=0, br")).toBe(false);
    expect(accepts("*, gzip;q=0")).toBe(false);
    expect(accepts("identity")).toBe(false);
    expect(accepts("deflate, gzip")).toBe(true);
    expect(accepts("identity, gzip, deflate")).toBe(true); // vite preview's relay puts identity first
    expect(accepts("br, *")).toBe(true);
    expect(accepts("gzipx, br")).toBe(false);
    expect(accepts("")).toBe(false);
    expect(accepts(null)).toBe(false);
  });
});
