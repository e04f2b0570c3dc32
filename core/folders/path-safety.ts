/** Why a relative path was refused, in words a person can act on. */
export type PathRefusal = { ok: false; reason: string };
export type PathAccepted = { ok: true; segments: string[] };

const windowsDeviceName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)(\.|$)/i;
const maxSegmentBytes = 255;
const maxPathBytes = 1024;

/** Percent-decodes to raw bytes without UTF-8 validation, so overlong forms stay visible. */
function percentBytes(s: string): Uint8Array | null {
  if (!/%[0-9a-f]{2}/i.test(s)) return null;
  const out: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === "%" && /^[0-9a-f]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...enc.encode(s[i]!));
    }
  }
  return Uint8Array.from(out);
}

/** Overlong or otherwise invalid UTF-8 (e.g. %c0%ae for "."): never a legitimate name. */
function hasOverlongOrInvalidUtf8(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0xc0 || b === 0xc1 || b >= 0xf5) return true;
    if (b === 0xe0 && (bytes[i + 1] ?? 0) < 0xa0) return true;
    if (b === 0xf0 && (bytes[i + 1] ?? 0) < 0x90) return true;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return false;
  } catch {
    return true;
  }
}

function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function structuralRefusal(p: string): string | null {
  if (p.includes("\0")) return "contains a NUL byte";
  if (hasControlCharacter(p)) return "contains control characters";
  if (p.includes("\\")) return "contains a backslash";
  if (/^[a-z]:/i.test(p)) return "is a Windows drive path";
  if (p.startsWith("/")) return "is an absolute path";
  if (p.startsWith("~")) return "starts with a home-directory shorthand";
  for (const segment of p.split("/")) {
    if (segment === "..") return "climbs out with '..'";
    if (segment === "." || segment === "") return "has an empty or '.' segment";
    if (windowsDeviceName.test(segment.trim())) return `uses the Windows device name '${segment}'`;
    // Windows strips trailing dots and spaces, so ". ." or ".. " would act as a parent reference.
    if (/^[.\s]+$/.test(segment)) return "has a dots-only segment";
  }
  return null;
}

/**
 * Checks a manifest-relative path as a string, before any file system call: every spelling of
 * `..` (percent-encoded once or twice, overlong UTF-8, fullwidth), absolute, drive, UNC and
 * device paths, backslashes, NUL, Windows device names and over-long names are refused, while
 * `do..ts.txt` and `..hidden-name` pass. The caller must still confine the realpath.
 * @example checkRelativePath("docs/do..ts.txt") // { ok: true, segments: ["docs", "do..ts.txt"] }
 * @example checkRelativePath("%252e%252e/etc/passwd").ok // false
 */
export function checkRelativePath(raw: string): PathAccepted | PathRefusal {
  if (typeof raw !== "string" || raw.length === 0) return { ok: false, reason: "path is empty" };
  const bytes = new TextEncoder().encode(raw);
  if (bytes.length > maxPathBytes) return { ok: false, reason: `path is longer than ${maxPathBytes} bytes` };
  if (hasControlCharacter(raw)) return { ok: false, reason: "contains control characters" };
  // Every form the path could take after one more decoding step somewhere downstream.
  const forms = [raw];
  let current = raw;
  for (let round = 0; round < 3; round++) {
    const decoded = percentBytes(current);
    if (!decoded) break;
    if (hasOverlongOrInvalidUtf8(decoded)) return { ok: false, reason: "contains overlong or invalid UTF-8" };
    current = new TextDecoder().decode(decoded);
    forms.push(current);
  }
  for (const form of [...forms]) forms.push(form.normalize("NFKC"));
  for (const form of forms) {
    const why = structuralRefusal(form);
    if (why) return { ok: false, reason: `path ${why}` };
  }
  const segments = raw.split("/");
  for (const s of segments) {
    if (new TextEncoder().encode(s).length > maxSegmentBytes) {
      return { ok: false, reason: `a name is longer than ${maxSegmentBytes} bytes` };
    }
  }
  return { ok: true, segments };
}

/**
 * True when `candidate` is strictly inside `root` (both absolute, already normalized, same
 * separator). A plain prefix check would let the sibling `/x/Linked2` through for `/x/Linked`.
 * @example isInside("/x/Linked", "/x/Linked2/a") // false
 */
export function isInside(root: string, candidate: string, separator = "/"): boolean {
  const base = root.endsWith(separator) ? root : root + separator;
  return candidate.startsWith(base) && candidate.length > base.length;
}
