import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  heldOutDigest,
  type Labelled,
  readLabels,
  readTrainOnly,
  SPLITS,
  type Splits,
  split,
} from "./split.ts";

const root = dirname(fileURLToPath(import.meta.url));
const labels = readLabels() as (Labelled & Record<string, unknown>)[];
const files = readdirSync(join(root, "messages")).flatMap((org) =>
  readdirSync(join(root, "messages", org))
    .filter((f) => f.endsWith(".eml"))
    .map((f) => `${org}/${f.slice(0, -4)}`),
);
const personas = JSON.parse(readFileSync(join(root, "personas.json"), "utf8")) as { id: string }[];

const ENUMS: Record<string, unknown[]> = {
  verdict: ["relevant", "spam"],
  threat: ["none", "spam", "scam", "phishing"],
  bucket: ["urgent", "actionable", "informational", "low_priority"],
  speech_act: ["request", "commit", "deliver", "propose", "meet", "amend", "fyi"],
  category: CATEGORIES,
  urgent: [true, false],
  how: ["hand", "generated"],
};

describe("modern corpus", () => {
  it("every .eml parses with postal-mime into a sender, a subject and a body", async () => {
    const broken: string[] = [];
    for (const id of files) {
      const raw = readFileSync(join(root, "messages", `${id}.eml`));
      try {
        const m = await PostalMime.parse(raw);
        if (!m.from?.address || !m.subject || !(m.text?.trim() || m.html?.trim()))
          broken.push(`${id}: incomplete`);
        if (raw.length > 40_000) broken.push(`${id}: ${raw.length} bytes`);
      } catch (e) {
        broken.push(`${id}: ${(e as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every label line names a file and every file has exactly one label line", () => {
    const ids = labels.map((l) => l.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect([...new Set(ids)].sort()).toEqual([...files].sort());
  });

  it("every label is one of its head's values and consistent with the others", () => {
    const wrong: string[] = [];
    for (const l of labels) {
      for (const [head, values] of Object.entries(ENUMS))
        if (!values.includes(l[head])) wrong.push(`${l.id}: ${head}=${JSON.stringify(l[head])}`);
      if (l.id.split("/")[0] !== l.org) wrong.push(`${l.id}: org ${l.org}`);
      if (l.urgent !== (l.bucket === "urgent"))
        wrong.push(`${l.id}: urgent ${l.urgent} with bucket ${l.bucket}`);
      if ((l.verdict === "spam") !== (l.threat !== "none"))
        wrong.push(`${l.id}: verdict ${l.verdict}, threat ${l.threat}`);
      if (l.org.startsWith("x-") !== (l.threat !== "none"))
        wrong.push(`${l.id}: threat orgs and only they start "x-"`);
      if (!personas.some((p) => p.id === l.persona)) wrong.push(`${l.id}: persona ${String(l.persona)}`);
      if (typeof l.lang !== "string" || !/^[a-z]{2}$/.test(l.lang)) wrong.push(`${l.id}: lang`);
      if (typeof l.reason !== "string" || l.reason.length < 12) wrong.push(`${l.id}: reason`);
      if (l.how === "generated" ? typeof l.template !== "string" : l.template !== null)
        wrong.push(`${l.id}: template`);
      if (!Array.isArray(l.gmail_labels)) wrong.push(`${l.id}: gmail_labels`);
    }
    expect(wrong).toEqual([]);
  });

  it("a legitimate sender's domain belongs to one org, so the split cannot put one sender on both sides", async () => {
    // hosts that carry mail for many unrelated people or publishers
    const shared =
      /(^|\.)(gmail|googlemail|icloud|outlook|hotmail|gmx|wp|orange|free|laposte|sapo|libero|posteo|telefonica|yahoo|docomo|ezweb|substack|googlegroups|groups)\.[a-z.]+$/;
    const orgsOf = new Map<string, Set<string>>();
    for (const id of files.filter((f) => !f.startsWith("x-"))) {
      const m = await PostalMime.parse(readFileSync(join(root, "messages", `${id}.eml`)));
      const domain = (m.from?.address ?? "").split("@")[1]?.toLowerCase() ?? "";
      if (shared.test(domain)) continue;
      const registrable = domain
        .split(".")
        .slice(/\.(co|ne|or|go|ac|com|gov|gob|org)\.[a-z]{2}$/.test(domain) ? -3 : -2)
        .join(".");
      orgsOf.set(registrable, (orgsOf.get(registrable) ?? new Set()).add(id.split("/")[0]!));
    }
    expect(
      [...orgsOf].filter(([, orgs]) => orgs.size > 1).map(([d, orgs]) => `${d}: ${[...orgs].join(", ")}`),
    ).toEqual([]);
  });

  it("splits.json is what split.ts computes, and no org is in two splits", () => {
    const committed = JSON.parse(readFileSync(join(root, "splits.json"), "utf8")) as Splits;
    expect(committed, "run: npm exec -- node corpus/modern/split.ts").toEqual(split(labels, readTrainOnly()));
    const all = SPLITS.flatMap((s) => committed.orgs[s]);
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(labels.map((l) => l.org)));
  });

  it("orgs written for training after the freeze go to train and leave dev and test as they were", () => {
    const trainOnly = readTrainOnly();
    const committed = JSON.parse(readFileSync(join(root, "splits.json"), "utf8")) as Splits;
    expect(heldOutDigest(committed.orgs)).toBe(trainOnly.heldOut);
    for (const org of trainOnly.orgs) expect(committed.orgs.train).toContain(org);
    // a new training org changes nothing held out, however large or spam-heavy it is
    const fresh: Labelled[] = Array.from({ length: 60 }, (_, i) => ({
      ...labels.find((l) => l.verdict === "spam")!,
      id: `zz-new-train-org/m${i}`,
      org: "zz-new-train-org",
    }));
    const pinned = split([...labels, ...fresh], {
      ...trainOnly,
      orgs: [...trainOnly.orgs, "zz-new-train-org"],
    });
    expect(pinned.orgs.dev).toEqual(committed.orgs.dev);
    expect(pinned.orgs.test).toEqual(committed.orgs.test);
    expect(pinned.orgs.train).toContain("zz-new-train-org");
    expect(pinned.messages.train).toBe(committed.messages.train + 60);
    // the same org not pinned would be placed by the greedy pass and move the held-out splits: refused
    expect(() => split([...labels, ...fresh], trainOnly)).toThrow(/train-only\.json/);
  });

  it("each split holds spam, phishing, urgent mail and every category", () => {
    const committed = JSON.parse(readFileSync(join(root, "splits.json"), "utf8")) as Splits;
    const missing: string[] = [];
    for (const s of SPLITS) {
      const orgs = new Set(committed.orgs[s]);
      const inSplit = labels.filter((l) => orgs.has(l.org));
      if (!inSplit.some((l) => l.verdict === "spam")) missing.push(`${s}: spam`);
      if (!inSplit.some((l) => l.threat === "phishing")) missing.push(`${s}: phishing`);
      if (!inSplit.some((l) => l.urgent)) missing.push(`${s}: urgent`);
      for (const c of CATEGORIES) if (!inSplit.some((l) => l.category === c)) missing.push(`${s}: ${c}`);
    }
    expect(missing).toEqual([]);
  });

  it("is large and varied enough: size, hand-written share, templates, threats, languages", () => {
    const n = labels.length;
    expect(n).toBeGreaterThanOrEqual(1000);
    expect(labels.filter((l) => l.how === "hand").length).toBeGreaterThanOrEqual(400);
    const perTemplate = new Map<string, number>();
    for (const l of labels)
      if (l.template) perTemplate.set(String(l.template), (perTemplate.get(String(l.template)) ?? 0) + 1);
    expect([...perTemplate].filter(([, c]) => c > 0.02 * n)).toEqual([]);
    expect(labels.filter((l) => l.threat !== "none").length / n).toBeGreaterThanOrEqual(0.15);
    expect(new Set(labels.map((l) => l.lang).filter((x) => x !== "en")).size).toBeGreaterThanOrEqual(5);
  });
});
