/**
 * Large and many-part RFC 822 texts for memory tests and benches, built in chunks (the caller's
 * process holds them, never the process under test).
 */
const head = (subject: string, boundary: string) =>
  `From: Big Sender <big@example.org>\r\nTo: me@example.com\r\nSubject: ${subject}\r\n` +
  `Date: Sun, 22 Nov 2026 04:00:00 +0000\r\nMessage-ID: <${subject.replace(/\W/g, "")}@fake.test>\r\n` +
  `MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n`;

function base64Lines(bytes: number): string {
  const line = `${"QUJD".repeat(19)}\r\n`; // 76 base64 characters: 57 bytes
  return line.repeat(Math.ceil(bytes / 57));
}

/** A short text and one attachment of `attachmentBytes` (base64 on the wire: ~1.37× that). */
export function messageWithAttachment(subject: string, attachmentBytes: number): string {
  const b = "b-attach";
  return (
    head(subject, b) +
    `--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nThe quarterly report is attached. ${subject}\r\n` +
    `--${b}\r\nContent-Type: application/pdf; name="report.pdf"\r\n` +
    `Content-Disposition: attachment; filename="report.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n` +
    `${base64Lines(attachmentBytes)}--${b}--\r\n`
  );
}

/** One inline HTML part of `textBytes` (no file name, so Gmail sends it inline). */
export function messageWithHugeText(subject: string, textBytes: number): string {
  const b = "b-text";
  const para = "<p>Minutes of the meeting, item by item, with every figure quoted in full.</p>\r\n";
  return (
    head(subject, b) +
    `--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nSee the HTML part. ${subject}\r\n` +
    `--${b}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${para.repeat(Math.ceil(textBytes / para.length))}` +
    `--${b}--\r\n`
  );
}

/** `parts` tiny text parts. */
export function messageWithManyParts(subject: string, parts: number): string {
  const b = "b-many";
  const chunks = [
    head(subject, b),
    `--${b}\r\nContent-Type: text/plain\r\n\r\nMany parts follow. ${subject}\r\n`,
  ];
  for (let i = 1; i < parts; i++) chunks.push(`--${b}\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`);
  chunks.push(`--${b}--\r\n`);
  return chunks.join("");
}
