import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus } from "../../../scripts/triage/corpus.ts";
import { cssRules } from "./css.ts";
import { styleSheets } from "./html-hidden.ts";
import { base64Blobs, hasTemplatedUrl } from "./injection.ts";
import { overrideGatesHold } from "./injection-patterns.ts";
import { injectionSkeleton } from "./normalise.ts";
import { looksLikeHtml } from "./preprocess.ts";
import { squeeze } from "./quotes.ts";

// The regexes the faster forms replaced; each must give the same output on mail and edge cases.
const BASE64_BLOB = /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{40,}={0,2}/g;
const referenceSqueeze = (text: string) =>
  text
    .replace(/[ \t\f\v\u00A0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const EDGES = [
  " \n \n",
  "a \t \u00A0b",
  "\t",
  "\u00A0",
  "x \n\n\n  y",
  "  \n  ",
  "\v\f",
  "a".repeat(39),
  `${"a".repeat(40)}===b`,
  `é${"a".repeat(45)}=`,
  `${"x".repeat(50)}==${"y".repeat(41)}`,
  "+/".repeat(30),
  `${"a".repeat(39)} ${"b".repeat(40)}=c${"d".repeat(80)}`,
  `x ${"Q".repeat(40)}`,
  `${"z".repeat(41)}==${"y".repeat(38)}`,
  `${"é".repeat(50)}${"k".repeat(40)}`,
];

describe("text scans", () => {
  const texts = [
    ...loadCorpus(HELD_OUT_GROUPS)
      .slice(0, 400)
      .map((m) => m.text),
    ...EDGES,
  ];
  it("squeeze matches the four-regex form", () => {
    for (const t of texts) expect(squeeze(t)).toBe(referenceSqueeze(t));
  });
  it("squeeze matches the four-regex form on random blank, newline and Unicode-space runs", () => {
    const piece = fc.constantFrom(
      " ",
      "  ",
      "\t",
      "\n",
      "\n\n\n",
      "\r",
      "\v",
      "\f",
      "\u00A0",
      "\u2003",
      "\uFEFF",
      "a",
      "bc",
      "é",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (ps) => {
        const t = ps.join("");
        expect(squeeze(t)).toBe(referenceSqueeze(t));
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
  it("base64Blobs matches the lookbehind regex", () => {
    for (const t of texts) expect(base64Blobs(t, 5)).toEqual((t.match(BASE64_BLOB) ?? []).slice(0, 5));
  });

  // Linear forms of regexes that rescan to the end of the input from every start that fails.
  const STYLE_SHEET = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
  const CSS_RULE = /([^{}]+)\{([^{}]*)\}/g;
  const HTML_IN_PLAIN = /<(html|body|div|span|p|table|td|font|style|a)\b[^>]*>|<!--/i;
  const TEMPLATED_URL = /https?:\/\/\S*[?&][\w-]+=(\{\{?|<|%7b|\$\{|\[)[^\s]*/i;
  const same = (t: string) => {
    expect(styleSheets(t)).toEqual([...t.matchAll(STYLE_SHEET)].map((m) => m[1]));
    expect(cssRules(t)).toEqual([...t.matchAll(CSS_RULE)].map((m) => [m[1], m[2]]));
    expect(looksLikeHtml(t)).toBe(HTML_IN_PLAIN.test(t));
    expect(hasTemplatedUrl(t)).toBe(TEMPLATED_URL.test(t));
  };
  it("style sheets, CSS rules, HTML-in-plain and templated URLs match their regexes on mail", () => {
    for (const t of texts) same(t);
  });
  it("… and on random markup", () => {
    const piece = fc.constantFrom(
      ...[
        "<style",
        "<STYLE ",
        "<styles>",
        ">",
        "</style>",
        "</style >",
        "</Style\n>",
        "{",
        "}",
        ".x",
        "a",
        " ",
      ],
      ...["<a", "<A>", "<p", "<pre>", "<!--", "<div class=q>", "<table", "http://", "HTTPS://", "?", "&"],
      ...["q=", "x-y=", "{{", "{", "<", "%7B", "${", "[", "\n", "\t", "é", "=", "-", "_"],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (ps) => same(ps.join(""))),
      { numRuns: 5000, seed: 3 },
    );
  });

  it("the override gate never skips the override patterns where they match", () => {
    const check = (t: string) => {
      expect(overrideGatesHold(injectionSkeleton(t)), t).toBe(true);
    };
    for (const t of texts) check(t);
    const piece = fc.constantFrom(
      ...["Ignore", "all", "previous", "instructions", "you are now", "DAN", "new", "instruction", ":"],
      ...["an", "unrestricted", "assistant", "mode", "enable", "developer", "system", "override", "begin "],
      ...["Vergiss", "alle", "Anweisungen", "oubliez", "les", "consignes", "précédentes", "olvida", "las"],
      ...["instrucciones", "dimentica", "istruzioni", "esqueça", "instruções", "negeer", "instructies"],
      ...["glöm", "instruktioner", "zapomnij", "polecenia", "önceki", "talimatları", "yok say", "забудь"],
      ...[
        "инструкции",
        "忽略",
        "指令",
        "指示",
        "無視",
        "지시",
        "무시",
        "تجاهل",
        "التعليمات",
        "पिछले",
        "निर्देश",
      ],
      ...["अनदेखा", "my", "\n", " ", ".", "é", "İ"],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom("", " "), (ps, sep) =>
        check(ps.join(sep)),
      ),
      { numRuns: 20_000, seed: 5 },
    );
  });
});
