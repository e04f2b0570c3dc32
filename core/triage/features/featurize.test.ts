import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus, TRAIN_GROUPS } from "../../../scripts/triage/corpus.ts";
import { preprocess } from "../preprocess/preprocess.ts";
import { runRules } from "../rules/run-rules.ts";
import { DEFAULT_HASHING, featureBag, type HashingSpec } from "./featurize.ts";
import { fnv1a } from "./hash.ts";
import { tokenize } from "./tokenize.ts";

// The regex tokenizer and Map-based bag the hand-written scanner and counter replaced.
const WORD = /[\p{L}\p{N}$€£¥%!]+(?:['’.][\p{L}\p{N}]+)*/gu;
function referenceTokenize(text: string, max: number): string[] {
  const out: string[] = [];
  const cleaned = text.replace(/\bhttps?:\/\/([^\s/:?#]+)[^\s]*/gi, " $1 ");
  for (const m of cleaned.matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || w.length > 24) continue;
    out.push(/^\d+$/.test(w) ? (w.length > 4 ? "#num" : w) : w.toLowerCase());
    if (out.length >= max) break;
  }
  return out;
}

type P = Extract<Awaited<ReturnType<typeof preprocess>>, { ok: true }>;
function referenceBag(p: P, spec: HashingSpec): { keys: [number, number][]; tokens: Map<number, string> } {
  const hashes = new Map<number, number>();
  const tokens = new Map<number, string>();
  const add = (key: string, shown: string) => {
    const h = fnv1a(key, spec.seed) | 0;
    hashes.set(h, (hashes.get(h) ?? 0) + 1);
    if (!tokens.has(h)) tokens.set(h, shown);
  };
  for (const t of referenceTokenize(p.subject, 60)) add(`s:${t}`, t);
  const words = referenceTokenize(p.body, spec.maxTokens);
  words.forEach((w, i) => {
    add(`b:${w}`, w);
    if (i > 0) add(`2:${words[i - 1]} ${w}`, `${words[i - 1]} ${w}`);
  });
  for (const t of referenceTokenize(p.from.name, 8)) add(`n:${t}`, `sender name "${t}"`);
  for (const s of p.structure) add(`x:${s}`, s.replace(":", " "));
  for (const link of p.links.slice(0, 50)) {
    const host = /^https?:\/\/([^/:?#\s]+)/i.exec(link)?.[1]?.toLowerCase();
    if (host) add(`u:${host.split(".").slice(-2).join(".")}`, `links to ${host}`);
  }
  if (p.from.domain)
    add(`d:${p.from.domain.split(".").slice(-2).join(".")}`, `sender domain ${p.from.domain}`);
  const mailer = (p.headers.get("x-mailer") ?? p.headers.get("user-agent") ?? "")
    .toLowerCase()
    .match(/[a-z]+/)?.[0];
  if (mailer) add(`m:${mailer}`, `mail program ${mailer}`);
  return { keys: [...hashes], tokens };
}

const TRICKY = [
  "don't.$x a’b’ x. ..a U.S.A. 1.2.3 a'b'c",
  "€5 £3.50 ¥ 100% !!! $$$ 12345 123 0042",
  "😀ab𝐀𝐁 c \ud800ab\udc00 Ünïcödé STRASSE İstanbul ΑΒΓ",
  "see http://Example.COM/a?b=1 and https://x.y:80/ end",
  `${"word ".repeat(2000)}tail`,
];

describe("tokenize", () => {
  it("matches the regex tokenizer on corpus text and edge cases", () => {
    const texts = [
      ...loadCorpus(HELD_OUT_GROUPS)
        .slice(0, 300)
        .map((m) => m.text),
      ...TRICKY,
    ];
    for (const t of texts)
      for (const max of [1500, 7]) expect(tokenize(t, max)).toEqual(referenceTokenize(t, max));
  });
});

describe("featureBag", () => {
  it("counts the same keys, in first-seen order, with the same shown tokens as a Map over joined keys", async () => {
    const msgs = [...loadCorpus(TRAIN_GROUPS).slice(0, 150), ...loadCorpus(HELD_OUT_GROUPS).slice(-150)];
    const raws = [
      ...msgs.map((m) => m.text),
      ...TRICKY.map((t) => `From: "Ünï Bob" <b@x.example>\r\nSubject: ${t.slice(0, 200)}\r\n\r\n${t}`),
    ];
    for (const raw of raws) {
      const p = await preprocess({ kind: "email", ref: { source: "demo", id: "t" }, raw });
      if (!p.ok) continue;
      const bag = featureBag(p, runRules(p), DEFAULT_HASHING, true);
      const ref = referenceBag(p, DEFAULT_HASHING);
      expect(Array.from(bag.keys, (k, i) => [k, bag.counts[i]!])).toEqual(ref.keys);
      expect(Array.from(bag.keys, (_, i) => bag.tokenAt!(i))).toEqual(
        ref.keys.map(([h]) => ref.tokens.get(h)),
      );
    }
  });

  it("… on random ASCII bodies (the one-pass ASCII path) and the same with a non-ASCII letter", async () => {
    const piece = fc.constantFrom(
      ...["a", "Bc", "DEF", "x1", "12", "12345", "0042", "$", "%", "!", "'", ".", "..", " ", "\n", ",", "-"],
      ...["don't", "U.S.A.", "1.2.3", "$5", "100%", "a'b'c", "http://Host.example/x", "w".repeat(25), "_"],
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.boolean(), async (ps, accent) => {
        const body = ps.join("") + (accent ? " é" : "");
        const raw = `From: b@x.example\r\nSubject: s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`;
        const p = await preprocess({ kind: "email", ref: { source: "demo", id: "t" }, raw });
        if (!p.ok) return;
        const bag = featureBag(p, runRules(p), DEFAULT_HASHING, true);
        const ref = referenceBag(p, DEFAULT_HASHING);
        expect(Array.from(bag.keys, (k, i) => [k, bag.counts[i]!])).toEqual(ref.keys);
        expect(Array.from(bag.keys, (_, i) => bag.tokenAt!(i))).toEqual(
          ref.keys.map(([h]) => ref.tokens.get(h)),
        );
      }),
      { numRuns: 1500, seed: 13 },
    );
  });
});
