/**
 * Every form a canary can take once software has handled it: raw and case-folded; base64 at each
 * of the 3 byte offsets (a canary inside a longer field), base64url; quoted-printable; RFC 2047
 * B and Q words; hex; percent-encoding; and every 12-character slice (truncated copies).
 * @example for (const n of canaryNeedles(CANARY)) expect(dump).not.toContain(n.text);
 */
export function canaryNeedles(canary: string): Array<{ form: string; text: string }> {
  const bytes = new TextEncoder().encode(canary);
  const out: Array<{ form: string; text: string }> = [
    { form: "raw", text: canary },
    { form: "lower", text: canary.toLowerCase() },
    { form: "upper", text: canary.toUpperCase() },
  ];
  for (let k = 0; k < 3; k++) {
    const padded = new Uint8Array(k + bytes.length);
    padded.set(bytes, k);
    const b64 = btoa(String.fromCharCode(...padded));
    // Only whole 3-byte groups that lie inside the canary encode the same whatever precedes it.
    const from = Math.ceil(k / 3) * 4;
    const to = Math.floor(padded.length / 3) * 4;
    const stable = b64.slice(from, to);
    out.push({ form: `base64@${k}`, text: stable });
    out.push({ form: `base64url@${k}`, text: stable.replace(/\+/g, "-").replace(/\//g, "_") });
  }
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  out.push({ form: "hex", text: hex }, { form: "HEX", text: hex.toUpperCase() });
  const pct = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  out.push(
    { form: "percent (every byte)", text: pct },
    { form: "percent", text: encodeURIComponent(canary) },
  );
  const qp = [...bytes]
    .map((b) =>
      b >= 33 && b <= 126 && b !== 61
        ? String.fromCharCode(b)
        : `=${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
  out.push({ form: "quoted-printable", text: qp });
  out.push({ form: "rfc2047 B", text: `=?UTF-8?B?${btoa(String.fromCharCode(...bytes))}?=` });
  out.push({ form: "rfc2047 Q", text: `=?UTF-8?Q?${qp.replace(/ /g, "_")}?=` });
  for (let i = 0; i + 12 <= canary.length; i++)
    out.push({ form: `slice@${i}`, text: canary.slice(i, i + 12) });
  // Dedupe (percent == raw for plain characters), keep the first name.
  const seen = new Set<string>();
  return out.filter((n) => n.text.length >= 8 && !seen.has(n.text) && seen.add(n.text));
}
