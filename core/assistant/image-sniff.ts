/** A picture format the reading view shows: raster only (no SVG, which can carry script). */
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/avif";

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);
const le24 = (b: Uint8Array, at: number) => le16(b, at) + (b[at + 2] ?? 0) * 65536;

/**
 * The picture type the bytes really are (magic numbers: PNG, JPEG, GIF, WebP, AVIF), whatever
 * the server's Content-Type says; null for anything else (SVG, HTML, scripts, unknown).
 *
 * @example sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])) // "image/png"
 */
export function sniffImage(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && be32(b, 0) === 0x89504e47 && be32(b, 4) === 0x0d0a1a0a) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return "image/gif";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "image/webp";
  if (b.length >= 12 && ascii(b, 4, 4) === "ftyp") {
    const size = Math.min(be32(b, 0), b.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      if (/^avi[fs]$/.test(ascii(b, at, 4))) return "image/avif";
    }
  }
  return null;
}

/**
 * Width and height from the picture's own header (PNG, GIF, WebP, JPEG); null when the format
 * does not say early on (AVIF) or the header is cut short.
 *
 * @example imageSize(gif1x1) // { width: 1, height: 1 }
 */
export function imageSize(b: Uint8Array, type: ImageType): { width: number; height: number } | null {
  if (type === "image/png" && b.length >= 24 && ascii(b, 12, 4) === "IHDR")
    return { width: be32(b, 16), height: be32(b, 20) };
  if (type === "image/gif" && b.length >= 10) return { width: le16(b, 6), height: le16(b, 8) };
  if (type === "image/webp" && b.length >= 30) {
    const chunk = ascii(b, 12, 4);
    if (chunk === "VP8X") return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
    if (chunk === "VP8 ") return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (type === "image/jpeg") {
    let at = 2;
    while (at + 9 < b.length && b[at] === 0xff) {
      const marker = b[at + 1] ?? 0;
      const len = be16(b, at + 2);
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) return { width: be16(b, at + 7), height: be16(b, at + 5) };
      if (len < 2) return null;
      at += 2 + len;
    }
  }
  return null;
}
