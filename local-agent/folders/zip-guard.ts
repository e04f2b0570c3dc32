/**
 * Sum of the uncompressed sizes a ZIP's central directory declares (DOCX are ZIPs), read without
 * inflating anything, so a declared decompression bomb is refused before mammoth opens it (an
 * archive that lies about its sizes is still bounded by the 10 MB input cap). Null when no
 * end-of-central-directory record is found (not a ZIP).
 * @example declaredUncompressedSize(docxBytes) // 2_345
 */
export function declaredUncompressedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const minEnd = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= minEnd; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    // ZIP64 marks sizes as 0xFFFFFFFF: treat as huge rather than parse the extra field.
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** DOCX content larger than this once inflated is not extracted. */
export const maxDocxInflatedBytes = 50_000_000;
