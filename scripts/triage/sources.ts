import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Relationship, RuleContext } from "../../core/triage/rules/types.ts";
import { isSpamGroup, loadCorpus, TRAIN_GROUPS } from "./corpus.ts";
import { type Degradation, degrade } from "./degrade.ts";
import { loadModernCorpus, type ModernMessage, type Split } from "./modern-corpus.ts";
import { type Choices, DEFAULT_CHOICES, type TrainMessage } from "./train.ts";

/** The modern splits models train on; `test` is read only by eval. */
export const MODERN_TRAIN_SPLITS: readonly Split[] = ["train", "dev"];
export const CHOICES_FILE = path.join(import.meta.dirname, "../../core/triage/model/choices.json");
/** Stage 2's own choices (`scripts/triage/select-stage2.ts`); they override choices.json's stage 2. */
export const STAGE2_CHOICES_FILE = path.join(
  import.meta.dirname,
  "../../core/triage/model/stage2-choices.json",
);

/** SpamAssassin's training groups as training messages. */
export function spamAssassinTrain(): TrainMessage[] {
  return loadCorpus(TRAIN_GROUPS).map((m) => ({
    id: m.id,
    group: m.group,
    text: m.text,
    spam: isSpamGroup(m.group),
  }));
}

/** What the reader's device would know: their address and the contacts they wrote to. */
export function readerRules(m: ModernMessage): RuleContext | undefined {
  if (!m.persona) return undefined;
  const contacts = new Map<string, Relationship>(
    m.persona.contacts.map((a) => [a.toLowerCase(), { wroteTo: true }]),
  );
  return {
    reader: { addresses: [m.persona.address.toLowerCase()], contacts },
    knownSenders: new Set(contacts.keys()),
  };
}

export function modernTrainMessage(m: ModernMessage): TrainMessage {
  const rules = readerRules(m);
  return {
    id: m.id,
    group: m.group,
    text: m.text,
    spam: m.label.verdict === "spam",
    labels: m.label.gmail_labels,
    ...(rules ? { rules } : {}),
    hand: {
      bucket: m.label.bucket,
      speechAct: m.label.speech_act,
      category: m.label.category,
      urgent: m.label.urgent,
      threat: m.label.threat,
    },
  };
}

export function modernTrain(): TrainMessage[] {
  return loadModernCorpus(MODERN_TRAIN_SPLITS).map(modernTrainMessage);
}

/**
 * The stage-2 training mail as the CLI would see it (`degrade.ts`): each message of `messages`
 * once per degradation, with no reader and no Gmail labels (and, for `bare`, no receiving-server
 * stamps), the same hand labels and the same group, so a copy is always in its original's fold.
 * Ids get `#file` / `#bare`.
 *
 * @example degradedCopies(modernTrain(), ["file"]).length === modernTrain().length
 */
export function degradedCopies(
  messages: readonly TrainMessage[],
  hows: readonly Degradation[],
): TrainMessage[] {
  return hows.flatMap((how) =>
    messages.map((m): TrainMessage => {
      const { labels: _labels, rules: _rules, ...rest } = m;
      return { ...rest, id: `${m.id}#${how}`, text: degrade(m.text, how).text };
    }),
  );
}

/** The hyper-parameters `npm run -s select:triage` chose by cross-validation (defaults before its first run). */
export function loadChoices(): Choices {
  if (!existsSync(CHOICES_FILE)) return DEFAULT_CHOICES;
  const c = JSON.parse(readFileSync(CHOICES_FILE, "utf8")) as {
    stage1: Choices["stage1"];
    stage2: Choices["stage2"];
    threat?: Choices["threat"];
    raw?: Choices["raw"];
  };
  const threat = { ...(c.threat ? { threat: c.threat } : {}), ...(c.raw ? { raw: c.raw } : {}) };
  if (!existsSync(STAGE2_CHOICES_FILE)) return { stage1: c.stage1, stage2: c.stage2, ...threat };
  const s2 = JSON.parse(readFileSync(STAGE2_CHOICES_FILE, "utf8")) as { stage2: Choices["stage2"] };
  return { stage1: c.stage1, stage2: s2.stage2, ...threat };
}
