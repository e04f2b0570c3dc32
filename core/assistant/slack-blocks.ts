import type { Brief, SpeechAct, Suggestion } from "../protocol/local-api.ts";

export const MAX_BLOCKS = 50;
export const MAX_SECTION_CHARS = 3000;
/** Slack's ceiling is ~12,000 characters per message; stay well under it. */
export const MAX_MESSAGE_CHARS = 8000;

export type Block =
  | { type: "header"; text: { type: "plain_text"; text: string } }
  | { type: "section"; text: { type: "mrkdwn"; text: string } }
  | { type: "context"; elements: { type: "mrkdwn"; text: string }[] }
  | { type: "divider" };

export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/**
 * Escapes mrkdwn control characters and defuses mentions, so mail text can never ping a channel
 * or a person: `<!channel>` and `<@U123>` become inert text.
 *
 * @example escapeMrkdwn("<!channel> & <@U1>") // "&lt;!channel&gt; &amp; &lt;@U1&gt;"
 */
export function escapeMrkdwn(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/@(channel|here|everyone)\b/gi, "@\u200b$1")
    .replace(controlChars, "");
}

// Control and bidi-override characters would let mail text reorder or hide parts of a message.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e\u2066-\u2069]/g;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function oneLine(text: string, max = 140): string {
  return clip(text.replace(/\s+/g, " ").trim(), max);
}

/** One suggestion as a line: sender, subject and (unless redacted) one line of the snippet. */
export function suggestionLine(s: Pick<Suggestion, "from" | "subject" | "snippet">, redact: boolean): string {
  const head = `*${escapeMrkdwn(oneLine(s.from, 80))}* — ${escapeMrkdwn(oneLine(s.subject, 120))}`;
  return redact || !s.snippet ? head : `${head}\n${escapeMrkdwn(oneLine(s.snippet))}`;
}

/** Enforces the limits: ≤ 50 blocks, section text ≤ 3000 chars, total under MAX_MESSAGE_CHARS. */
export function fitBlocks(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let total = 0;
  for (const b of blocks) {
    const fitted: Block =
      b.type === "section" ? { ...b, text: { ...b.text, text: clip(b.text.text, MAX_SECTION_CHARS) } } : b;
    const size = JSON.stringify(fitted).length;
    if (out.length >= MAX_BLOCKS - 1 || total + size > MAX_MESSAGE_CHARS - 200) {
      out.push({ type: "context", elements: [{ type: "mrkdwn", text: "More in the Scouts app." }] });
      break;
    }
    out.push(fitted);
    total += size;
  }
  return out;
}

const bucketTitles: Record<string, string> = {
  urgent: "Urgent",
  actionable: "Needs action",
  informational: "For your information",
  low_priority: "Low priority",
  unprocessed: "Not yet sorted",
};

/**
 * The morning/evening brief as Block Kit: counts per bucket and the top threads, redacted by
 * default (sender, subject, one line).
 *
 * @example briefBlocks({ brief, redact: true }).blocks.length <= 50 // true
 */
export function briefBlocks(args: { brief: Brief; redact: boolean }): SlackMessage {
  const { brief, redact } = args;
  const blocks: Block[] = [
    {
      type: "header",
      text: { type: "plain_text", text: `Scouts ${brief.period} brief: ${brief.total} new` },
    },
  ];
  for (const b of brief.buckets) {
    if (b.count === 0) continue;
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: `*${bucketTitles[b.bucket]}* (${b.count})` },
    });
    const lines = b.top.map(
      (t) => `• ${suggestionLine({ from: t.from, subject: t.subject, snippet: "" }, true)}`,
    );
    if (lines.length) blocks.push({ type: "section", text: { type: "mrkdwn", text: lines.join("\n") } });
  }
  if (!redact)
    blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: "Bodies shown: redaction is off." }] });
  return { text: `Scouts ${brief.period} brief: ${brief.total} new`, blocks: fitBlocks(blocks) };
}

const speechActWords: Record<SpeechAct, string> = {
  request: "asks you for something",
  commit: "makes a commitment",
  deliver: "delivers something",
  propose: "proposes something",
  meet: "about a meeting",
  amend: "changes something agreed",
  fyi: "for your information",
};

/**
 * The alert's "why". Stage 2's reasons name words of the message ("mentions “…”"), so a
 * redacted alert says why from the labels and the proposal only: a closed vocabulary.
 *
 * @example alertWhy({ ...s, why: ["urgent: mentions “acme”"] }, true) // "Urgent; asks you for something"
 */
export function alertWhy(
  s: Pick<Suggestion, "why" | "bucket" | "speechAct" | "proposal">,
  redact: boolean,
): string {
  if (!redact) return s.why.join("; ");
  return [
    s.bucket ? bucketTitles[s.bucket] : null,
    s.speechAct ? speechActWords[s.speechAct] : null,
    s.proposal?.why ?? null,
  ]
    .filter((w): w is string => w !== null)
    .join("; ");
}

/** An urgent alert for one suggestion. */
export function alertBlocks(args: { suggestion: Suggestion; redact: boolean }): SlackMessage {
  const s = args.suggestion;
  const reason = alertWhy(s, args.redact);
  const why = reason ? `\n_${escapeMrkdwn(oneLine(reason, 200))}_` : "";
  return {
    text: `Urgent: ${escapeMrkdwn(oneLine(s.subject, 80))}`,
    blocks: fitBlocks([
      {
        type: "section",
        text: { type: "mrkdwn", text: `:rotating_light: ${suggestionLine(s, args.redact)}${why}` },
      },
    ]),
  };
}

/** The summary that replaces alerts over the hourly limit. */
export function alertSummaryBlocks(suppressed: Pick<Suggestion, "from" | "subject">[]): SlackMessage {
  const lines = suppressed.slice(0, 20).map((s) => `• ${suggestionLine({ ...s, snippet: "" }, true)}`);
  const more = suppressed.length > 20 ? `\n…and ${suppressed.length - 20} more` : "";
  return {
    text: `${suppressed.length} more urgent messages`,
    blocks: fitBlocks([
      {
        type: "section",
        text: { type: "mrkdwn", text: `*${suppressed.length} more urgent messages this hour*` },
      },
      { type: "section", text: { type: "mrkdwn", text: lines.join("\n") + more } },
    ]),
  };
}
