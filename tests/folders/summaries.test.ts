import { describe, expect, it } from "vitest";
import { kindForName, readableKindForName } from "../../core/folders/kinds.ts";
import {
  clipSummary,
  summarizeCode,
  summarizeCsv,
  summarizeMarkdown,
} from "../../core/folders/summarize-text.ts";

describe("text summaries", () => {
  it("Markdown: headings then leading prose, skipping front matter and code fences", () => {
    const md =
      "---\ntitle: x\n---\n# Launch plan\n\n```js\n# not a heading\n```\nWe ship in May.\n\n## Risks\n- Late hires\n";
    expect(summarizeMarkdown(md)).toBe("Launch plan · Risks — We ship in May. Late hires");
  });

  it("code: doc comment and exports across languages", () => {
    expect(
      summarizeCode(
        "/**\n * Billing client.\n */\nexport async function charge() {}\nexport { refund as undo, list };\n",
      ),
    ).toBe("Billing client. — exports: charge, undo, list");
    expect(summarizeCode('"""Data loaders."""\ndef load_csv(p):\n    pass\nclass Reader:\n    pass\n')).toBe(
      "Data loaders. — exports: load_csv, Reader",
    );
    expect(
      summarizeCode("// Package api serves HTTP.\npackage api\nfunc Serve() {}\nfunc helper() {}\n"),
    ).toBe("Package api serves HTTP. — exports: Serve");
    expect(summarizeCode("pub fn parse() {}\npub struct Token;\nfn private() {}\n")).toBe(
      "exports: parse, Token",
    );
  });

  it("CSV: header and row count, with other separators", () => {
    expect(summarizeCsv("a,b,c\n1,2,3\n")).toBe("columns: a, b, c — 1 row");
    expect(summarizeCsv("x;y\n1;2\n3;4\n\n")).toBe("columns: x, y — 2 rows");
    expect(summarizeCsv("")).toBe("empty table");
  });

  it("summaries never exceed 500 characters", () => {
    expect(summarizeMarkdown(`# T\n\n${"word ".repeat(400)}`).length).toBeLessThanOrEqual(500);
    expect(clipSummary("x".repeat(2000)).length).toBe(500);
  });
});

describe("kinds", () => {
  it("maps the whitelist and refuses the rest", () => {
    expect(
      ["a.md", "a.ts", "a.csv", "a.pdf", "a.docx", "a.PNG", "a.jpeg", "README"].map(kindForName),
    ).toEqual(["text", "code", "text", "pdf", "docx", "image", "image", "text"]);
    expect(["a.exe", "a.zip", ".env", "a.doc", "a.gif"].map(kindForName)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("reads extensionless names as text but never secret-looking ones", () => {
    expect(readableKindForName("..hidden-name")).toBe("text");
    expect(readableKindForName("Makefile")).toBe("text");
    expect([".env", ".env.local", "id_rsa", "server.pem", ".npmrc"].map(readableKindForName)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("DOCX decompression guard", () => {
  it("refuses a DOCX whose directory declares more than 50 MB inflated, before mammoth runs", async () => {
    const { minimalDocx } = await import("./support/fixtures.ts");
    const { declaredUncompressedSize } = await import("../../local-agent/folders/zip-guard.ts");
    const { extractDocxText } = await import("../../local-agent/folders/extract.ts");
    const docx = minimalDocx(["Hello"]);
    const honest = declaredUncompressedSize(docx)!;
    expect(honest).toBeGreaterThan(100);
    expect(honest).toBeLessThan(2000);
    const bomb = docx.slice();
    const view = new DataView(bomb.buffer);
    const centralAt = view.getUint32(bomb.length - 22 + 16, true);
    view.setUint32(centralAt + 24, 60_000_000, true);
    expect(declaredUncompressedSize(bomb)).toBeGreaterThan(60_000_000);
    await expect(extractDocxText(bomb)).rejects.toThrow("DOCX would inflate past 50 MB");
    await expect(extractDocxText(new TextEncoder().encode("not a zip"))).rejects.toThrow("not a DOCX");
    await expect(extractDocxText(docx)).resolves.toContain("Hello");
  });
});
