import { describe, expect, it } from "vitest";
import { canaryNeedles } from "./canary-encodings.ts";

const CANARY = "Zq7Rk=Wx94TxW0pLm3vB8Qa~Jf";
const find = (hay: string) =>
  canaryNeedles(CANARY)
    .filter((n) => hay.includes(n.text))
    .map((n) => n.form);
const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

describe("canary needles catch every encoding a leak could take", () => {
  it.each([
    ["raw inside text", `subject: Invoice ${CANARY} due`],
    ["base64 at offset 0", b64(CANARY)],
    ["base64 at offset 1", b64(`a${CANARY}`)],
    ["base64 at offset 2", b64(`ab${CANARY}`)],
    ["base64 inside a longer field", b64(`From: x <y@z>\r\nSubject: ${CANARY}\r\n`)],
    ["base64url", b64(`abc${CANARY}?>`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")],
    ["quoted-printable", CANARY.replace("=", "=3D")],
    ["hex", [...new TextEncoder().encode(CANARY)].map((b) => b.toString(16).padStart(2, "0")).join("")],
    ["percent-encoded", encodeURIComponent(CANARY)],
    ["truncated to 12 characters", `snippet: …${CANARY.slice(7, 19)}…`],
    ["lower-cased", CANARY.toLowerCase()],
  ])("finds the canary %s", (_, hay) => {
    expect(find(hay).length).toBeGreaterThan(0);
  });

  it("does not fire on unrelated text", () => {
    expect(find(`ids ${crypto.randomUUID()} ${b64("unrelated subject line")} verdict=relevant`)).toEqual([]);
  });
});
