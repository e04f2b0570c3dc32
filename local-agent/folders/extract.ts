import { declaredUncompressedSize, maxDocxInflatedBytes } from "./zip-guard.ts";

// Parsers load on first use: the CLI's read/manifest paths never pay for them.

/** Text of the first `maxPages` pages of a PDF (pdfjs-dist legacy build, no fonts), within `timeoutMs`. */
export async function extractPdfText(
  bytes: Uint8Array,
  maxPages = 5,
  timeoutMs = 15_000,
): Promise<{ text: string; pages: number }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  // A hostile PDF must not hold the scan: destroying the task rejects whatever is still pending
  // on the loader (work pdfjs does synchronously cannot be interrupted; pages are capped instead).
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void task.destroy();
  }, timeoutMs);
  try {
    const doc = await task.promise;
    const parts: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
      page.cleanup();
    }
    return { text: parts.join("\n"), pages: doc.numPages };
  } catch (e) {
    if (timedOut) throw new Error(`PDF took longer than ${timeoutMs / 1000} s to parse`);
    throw e;
  } finally {
    clearTimeout(timer);
    await task.destroy();
  }
}

/** Raw text of a DOCX (mammoth), refusing archives that would inflate past 50 MB. */
export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  const inflated = declaredUncompressedSize(bytes);
  if (inflated === null) throw new Error("not a DOCX (no ZIP directory)");
  if (inflated > maxDocxInflatedBytes) throw new Error("DOCX would inflate past 50 MB");
  const { default: mammoth } = await import("mammoth");
  const result = await mammoth.extractRawText({
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
  });
  return result.value;
}

/**
 * Dimensions and EXIF capture date of a PNG or JPEG, as a summary line.
 * @example await describeImage(pngBytes) // "PNG image, 640×480"
 */
export async function describeImage(bytes: Uint8Array): Promise<string> {
  const [{ imageSize }, { default: exifr }] = await Promise.all([import("image-size"), import("exifr")]);
  const size = imageSize(bytes);
  const type = (size.type ?? "image").toUpperCase().replace("JPG", "JPEG");
  let line = `${type} image, ${size.width}×${size.height}`;
  try {
    const exif = (await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
      pick: ["DateTimeOriginal", "CreateDate"],
    })) as { DateTimeOriginal?: Date; CreateDate?: Date } | undefined;
    const taken = exif?.DateTimeOriginal ?? exif?.CreateDate;
    if (taken instanceof Date && !Number.isNaN(taken.getTime())) {
      line += `, taken ${taken.toISOString().slice(0, 19).replace("T", " ")}`;
    }
  } catch {
    // No or unreadable EXIF: dimensions alone still describe the image.
  }
  return line;
}
