import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
const fixture = (n: string) => readFileSync(path.join(root, "tests/fixtures/injection", n), "utf8");
const run = (target: string) =>
  execFileSync(process.execPath, [path.join(root, "core/triage/cli.ts"), target], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("npm run triage (cli.ts)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "triage-cli-"));

  it("reads a Maildir and an mbox and prints one JSON line per message with every field", () => {
    const md = path.join(dir, "Maildir");
    for (const d of ["cur", "new", "tmp"]) mkdirSync(path.join(md, d), { recursive: true });
    writeFileSync(path.join(md, "new", "1.eml"), fixture("17-css-display-none.eml"));
    writeFileSync(path.join(md, "cur", "2.eml"), fixture("45-benign-plain.eml"));
    const lines = run(md);
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      for (const k of [
        "id",
        "verdict",
        "confidence",
        "bucket",
        "speech_act",
        "category",
        "priority",
        "why",
        "entities",
        "hidden_content_removed",
        "injection_flag",
      ]) {
        expect(l, k).toHaveProperty(k);
      }
    }
    const hidden = lines.find((l) => String(l.id).endsWith("1.eml"))!;
    expect(hidden.hidden_content_removed).toBe(true);
    expect(hidden.injection_flag).toContain("hidden_instructions");

    const mbox = path.join(dir, "inbox.mbox");
    const body = (n: string) =>
      `From sender@example.com Tue Mar  3 09:00:00 2026\n${fixture(n).replace(/\r\n/g, "\n")}\n`;
    writeFileSync(
      mbox,
      `${body("45-benign-plain.eml") + body("01-override-plain.eml")}From x@y Tue Mar  3 09:00:00 2026\n\n`,
    );
    const m = run(mbox);
    expect(m.map((l) => l.id)).toEqual([`${mbox}#1`, `${mbox}#2`, `${mbox}#3`]);
    expect(m[1]!.injection_flag).toContain("override_phrase");
    expect(m[2]!.verdict).toBe("unparseable");
    expect(m[2]!.error).toBe("unparseable:empty");
  }, 30_000);

  it("--raw-feed scores at the raw-feed operating point; an unknown flag is refused", () => {
    const file = path.join(dir, "one.eml");
    writeFileSync(file, fixture("45-benign-plain.eml"));
    const lines = execFileSync(
      process.execPath,
      [path.join(root, "core/triage/cli.ts"), file, "--raw-feed"],
      {
        encoding: "utf8",
      },
    )
      .trim()
      .split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toHaveProperty("verdict");
    let status = 0;
    try {
      execFileSync(process.execPath, [path.join(root, "core/triage/cli.ts"), file, "--feed=raw"], {
        stdio: "pipe",
      });
    } catch (e) {
      status = (e as { status: number }).status;
    }
    expect(status).toBe(2);
  });

  it("a new contact's bare 'Are you there?' is not spam (the CLI knows no relationship: the wording alone)", () => {
    const file = path.join(dir, "are-you-there.eml");
    writeFileSync(
      file,
      [
        "From: Newbie <newbie@example.net>",
        "To: pat@example.com",
        "Subject: Are you there?",
        "Date: Sun, 22 Nov 2026 04:00:00 +0000",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "",
        "About Are you there?.",
        "",
      ].join("\r\n"),
    );
    expect(run(file)[0]!.verdict).toBe("relevant");
  }, 30_000);
});
