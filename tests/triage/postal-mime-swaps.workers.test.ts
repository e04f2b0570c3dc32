import { afterAll, describe, expect, it } from "vitest";
import { installFastJoin, uninstallFastJoin } from "../../core/triage/preprocess/fast-join.ts";
import { installFastLines, uninstallFastLines } from "../../core/triage/preprocess/fast-lines.ts";
import { parseEmail } from "../../core/triage/preprocess/parse.ts";

// A multipart message through all three patched decoders, with CRLF, bare LF and CR runs.
const RAW = [
  'Content-Type: multipart/mixed; boundary="b"',
  "Subject: swaps in workerd",
  "",
  "--b",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "plain 7bit\r\r",
  "--b",
  "Content-Type: text/html; charset=utf-8",
  "Content-Transfer-Encoding: base64",
  "",
  "PGI+aGk8L2I+IOKCrA==",
  "--b",
  "Content-Type: text/plain; charset=utf-8",
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "caf=C3=A9 soft=",
  "break",
  "--b--",
  "",
].join("\r\n");

const bytesOf = (outcome: unknown) => JSON.stringify(outcome, (_k, v) => (v instanceof Map ? [...v] : v));

describe("postal-mime's swaps inside workerd (the Worker's stage 1)", () => {
  afterAll(() => {
    installFastLines();
    installFastJoin();
  });

  it("are both active after parse.ts loads, and parse as postal-mime's own methods", async () => {
    // parse.ts installed them at load; a repeat says how many hold here.
    expect(installFastLines()).toBe(2);
    expect(installFastJoin()).toBe(3);
    const patched = bytesOf(await parseEmail(RAW, () => 0));
    uninstallFastLines();
    uninstallFastJoin();
    const stock = bytesOf(await parseEmail(RAW, () => 0));
    expect(patched).toBe(stock);
    expect(patched).toContain("café soft");
    expect(patched).toContain("<b>hi</b> €");
  });
});
