import { zipStore } from "./zip.ts";

const enc = new TextEncoder();

/**
 * A one-page PDF whose only text is `text` (Helvetica, no compression), valid xref offsets.
 * @example minimalPdf("Quarterly plan") // bytes pdfjs-dist can open
 */
export function minimalPdf(text: string): Uint8Array {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return enc.encode(out);
}

/** A DOCX (stored ZIP) with one paragraph per entry of `paragraphs`. */
export function minimalDocx(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${p}</w:t></w:r></w:p>`).join("");
  return zipStore({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

/** A PNG whose IHDR says `width`×`height` (no pixel data: enough for a header reader). */
export function minimalPng(width: number, height: number): Uint8Array {
  const out = new Uint8Array(8 + 25);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const v = new DataView(out.buffer);
  v.setUint32(8, 13);
  out.set(enc.encode("IHDR"), 12);
  v.setUint32(16, width);
  v.setUint32(20, height);
  out.set([8, 2, 0, 0, 0], 24);
  return out;
}

/**
 * A JPEG with an EXIF APP1 carrying DateTimeOriginal and an SOF0 of `width`×`height`.
 * @example minimalJpeg(640, 480, "2024:05:01 10:20:30")
 */
export function minimalJpeg(width: number, height: number, exifDate: string): Uint8Array {
  const date = enc.encode(`${exifDate}\0`); // 20 bytes
  // TIFF (big-endian): IFD0 with one ExifIFD pointer; Exif IFD with DateTimeOriginal.
  const tiff = new Uint8Array(8 + 18 + 18 + date.length);
  const t = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d], 0);
  t.setUint16(2, 42);
  t.setUint32(4, 8);
  t.setUint16(8, 1);
  t.setUint16(10, 0x8769);
  t.setUint16(12, 4);
  t.setUint32(14, 1);
  t.setUint32(18, 26);
  t.setUint32(22, 0);
  t.setUint16(26, 1);
  t.setUint16(28, 0x9003);
  t.setUint16(30, 2);
  t.setUint32(32, date.length);
  t.setUint32(36, 44);
  t.setUint32(40, 0);
  tiff.set(date, 44);
  const exifHeader = enc.encode("Exif\0\0");
  const app1Len = 2 + exifHeader.length + tiff.length;
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  const comps = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const bytes = [
    0xff,
    0xd8,
    0xff,
    0xe1,
    app1Len >> 8,
    app1Len & 255,
    ...exifHeader,
    ...tiff,
    ...sof,
    ...comps,
    0xff,
    0xd9,
  ];
  return Uint8Array.from(bytes);
}
