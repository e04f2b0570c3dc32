/**
 * Writes the legitimate half of the modern corpus: messages/<org>/<name>.eml for every hand-written
 * and generated spec, labels/legit.jsonl and personas.json. Deterministic: the same sources give
 * byte-identical files. Threat orgs ("x-*") and labels/threats.jsonl are never touched.
 *
 *   npm exec -- node corpus/modern/build.ts
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generated } from "./generate.ts";
import { hand } from "./src/hand/index.ts";
import { personas } from "./src/personas.ts";
import { render } from "./src/render.ts";
import {
  BUCKETS,
  CATEGORIES,
  type Category,
  type LabelLine,
  SPEECH_ACTS,
  type Spec,
  type SpeechAct,
} from "./src/spec.ts";

const root = dirname(fileURLToPath(import.meta.url));

function slug(text: string, fallback: string): string {
  const s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^(re|aw|fwd?|wg|tr|sv|rv|antw):\s*/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return s.length >= 6 ? s : fallback;
}

function gmailLabels(spec: Spec, category: Category, bucket: string): string[] {
  const p = personas.find((x) => x.id === spec.p)!;
  if (p.mailbox !== "gmail") return [];
  if (spec.g) return spec.g;
  const tab = spec.list
    ? "CATEGORY_FORUMS"
    : {
        primary: "CATEGORY_PERSONAL",
        notification: "CATEGORY_UPDATES",
        receipt: "CATEGORY_UPDATES",
        newsletter: "CATEGORY_UPDATES",
        promotion: "CATEGORY_PROMOTIONS",
        social: "CATEGORY_SOCIAL",
      }[category];
  const labels = ["INBOX", tab];
  if (bucket === "urgent" || (category === "primary" && bucket === "actionable")) labels.push("IMPORTANT");
  return labels;
}

export function label(spec: Spec, id: string): LabelLine {
  const [b, act, cat, ...rest] = spec.L.split("/");
  const bucket = BUCKETS[b ?? ""];
  if (!bucket || rest.length) throw new Error(`${id}: bad label "${spec.L}"`);
  if (!SPEECH_ACTS.includes(act as SpeechAct)) throw new Error(`${id}: bad speech act "${act}"`);
  if (!CATEGORIES.includes(cat as Category)) throw new Error(`${id}: bad category "${cat}"`);
  if (!spec.why || spec.why.length < 12) throw new Error(`${id}: needs a reason`);
  return {
    id,
    org: spec.org,
    persona: spec.p,
    verdict: "relevant",
    threat: "none",
    bucket,
    speech_act: act as SpeechAct,
    category: cat as Category,
    urgent: bucket === "urgent",
    lang: spec.lang ?? "en",
    how: spec.how ?? "hand",
    template: spec.template ?? null,
    gmail_labels: gmailLabels(spec, cat as Category, bucket),
    reason: spec.why,
  };
}

export function build(): { specs: Spec[]; lines: LabelLine[] } {
  const specs = [...hand.map((s) => ({ ...s, how: "hand" as const })), ...generated()];
  const used = new Set<string>();
  const lines: LabelLine[] = [];
  for (const spec of specs) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(spec.org) || spec.org.startsWith("x-"))
      throw new Error(`org "${spec.org}" is not a legitimate org slug`);
    const fallback = `${spec.lang ?? "en"}-${spec.d.replace(/\D/g, "")}-${createHash("sha256").update(spec.s).digest("hex").slice(0, 6)}`;
    let name = spec.name ?? slug(spec.s, fallback);
    if (used.has(`${spec.org}/${name}`)) name = `${name}-${spec.d.replace(/\D/g, "")}`;
    for (let i = 2; used.has(`${spec.org}/${name}`); i++) name = `${name.replace(/-\d+$/, "")}-${i}`;
    const id = `${spec.org}/${name}`;
    used.add(id);
    spec.name = name;
    lines.push(label(spec, id));
  }
  return { specs, lines };
}

function main(): void {
  const { specs, lines } = build();
  const messages = join(root, "messages");
  const bodies = new Set<string>();
  // render everything before touching the tree, so a failing message leaves the committed files intact
  const rendered = specs.map((spec, i) => {
    const id = lines[i]!.id;
    const key = spec.b.trim();
    if (bodies.has(key)) throw new Error(`${id}: same body as another message`);
    bodies.add(key);
    const eml = render(spec, id);
    if (Buffer.byteLength(eml) > 40_000)
      throw new Error(`${id}: ${Buffer.byteLength(eml)} bytes, over 40 KB`);
    return { id, org: spec.org, eml };
  });
  mkdirSync(messages, { recursive: true });
  for (const org of readdirSync(messages))
    if (!org.startsWith("x-")) rmSync(join(messages, org), { recursive: true });
  for (const { id, org, eml } of rendered) {
    mkdirSync(join(messages, org), { recursive: true });
    writeFileSync(join(messages, `${id}.eml`), eml);
  }
  mkdirSync(join(root, "labels"), { recursive: true });
  writeFileSync(join(root, "labels", "legit.jsonl"), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  writeFileSync(
    join(root, "personas.json"),
    `${JSON.stringify(
      personas.map(({ id, name, address, role, contacts, mailbox }) => ({
        id,
        name,
        address,
        role,
        mailbox,
        contacts,
      })),
      null,
      2,
    )}\n`,
  );
  console.log(
    `wrote ${lines.length} legitimate messages (${lines.filter((l) => l.how === "hand").length} hand-written)`,
  );
  const count = (key: keyof LabelLine) => {
    const n = new Map<string, number>();
    for (const l of lines) n.set(String(l[key]), (n.get(String(l[key])) ?? 0) + 1);
    return [...n]
      .sort((a, b) => b[1] - a[1])
      .map(([k, c]) => `${k} ${c}`)
      .join(" · ");
  };
  for (const key of ["persona", "bucket", "speech_act", "category", "lang"] as const)
    console.log(`${key}: ${count(key)}`);
  const templates = new Set(lines.map((l) => l.template).filter(Boolean));
  console.log(`orgs: ${new Set(lines.map((l) => l.org)).size} · templates: ${templates.size}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
