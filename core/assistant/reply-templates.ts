import { analyzeSync } from "liquidjs";
import { parseTemplate, renderTemplate } from "../automation/templates/engine.ts";
import { CoreError } from "../errors.ts";
import type { ReplyTemplate, Suggestion } from "../protocol/local-api.ts";
import { localClock } from "./brief-schedule.ts";
import { senderAddress } from "./sender.ts";

/**
 * The variables a reply template may use, with what they hold. Rendered by the automation
 * engine's LiquidJS sandbox (no code, no files, capped), never by a language model.
 */
export const REPLY_VARIABLES = [
  { name: "sender.name", about: "the sender's display name, or their address when they gave none" },
  {
    name: "sender.first_name",
    about: 'first word of the display name; empty when none (add | default: "there")',
  },
  { name: "sender.email", about: "the sender's address" },
  { name: "subject", about: "the message's subject" },
  { name: "today", about: "today's date in your time zone (YYYY-MM-DD)" },
] as const;

/** Gmail drafts the cloud accepts are at most this long. */
export const MAX_REPLY_CHARS = 20_000;

const senderFields = new Set(["name", "first_name", "email"]);
const names = REPLY_VARIABLES.map((v) => v.name);
const allowedList = `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

export interface ReplyVariables {
  sender: { name: string; first_name: string; email: string };
  subject: string;
  today: string;
}

/** Header text made safe to put in a reply: no control characters or line breaks, capped. */
function clean(text: string, max: number): string {
  return text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/**
 * The values a template sees for one message: taken from its From and Subject only.
 *
 * @example replyVariables({ from: '"Ann Lee" <ann@x.example>', subject: "Hi" }, now, "UTC").sender.first_name // "Ann"
 */
export function replyVariables(
  s: Pick<Suggestion, "from" | "subject">,
  now: number,
  timeZone: string,
): ReplyVariables {
  const email = clean(senderAddress(s.from), 200);
  const angle = s.from.indexOf("<");
  const display = clean((angle > 0 ? s.from.slice(0, angle) : "").replace(/^["'\s]+|["'\s]+$/g, ""), 200);
  const first = display.split(" ")[0] ?? "";
  return {
    sender: { name: display || email, first_name: /\p{L}/u.test(first) ? first : "", email },
    subject: clean(s.subject, 300),
    today: localClock(now, timeZone).day,
  };
}

const sample: ReplyVariables = {
  sender: { name: "Ann Lee", first_name: "Ann", email: "ann@example.com" },
  subject: "Quarterly numbers",
  today: "2026-11-20",
};

/** Variable paths a template reads that are not reply variables, in words. */
function variableProblems(source: string): string[] {
  const problems: string[] = [];
  const analysis = analyzeSync(parseTemplate(source, "text"));
  for (const [root, uses] of Object.entries(analysis.globals)) {
    for (const v of uses) {
      const [, field, ...rest] = v.segments;
      const shown = `{{ ${v.toString()} }}`;
      const ok =
        root === "sender"
          ? typeof field === "string" && senderFields.has(field) && rest.length === 0
          : (root === "subject" || root === "today") && field === undefined;
      if (!ok) problems.push(`${shown} is not a reply variable: use ${allowedList}`);
    }
  }
  return [...new Set(problems)];
}

/**
 * What is wrong with a template's body, in words (empty when it is fine): it must parse under the
 * sandbox, use only the reply variables and safe filters, and render a draft Gmail accepts.
 *
 * @example checkReplyBody("Hi {{ sender.phone }}") // ["{{ sender.phone }} is not a reply variable: use …"]
 */
export function checkReplyBody(body: string): string[] {
  if (!body.trim()) return ["write the reply text"];
  let problems: string[];
  try {
    problems = variableProblems(body);
  } catch (e) {
    return [(e as Error).message];
  }
  if (problems.length) return problems;
  try {
    renderReply(body, sample);
  } catch (e) {
    return [(e as Error).message];
  }
  return [];
}

/**
 * The reply text for one message from a person's template (sandboxed LiquidJS, text mode).
 * Throws CoreError bad_input when it cannot render or is too long for a draft.
 *
 * @example renderReply("Thanks {{ sender.first_name | default: 'there' }}!", vars) // "Thanks Ann!"
 */
export function renderReply(body: string, vars: ReplyVariables): string {
  const text = renderTemplate(body, { ...vars }, "text").trim();
  if (!text) throw new CoreError("bad_input", "the template renders an empty reply");
  if (text.length > MAX_REPLY_CHARS)
    throw new CoreError("bad_input", `the reply is longer than ${MAX_REPLY_CHARS} characters`);
  return text;
}

/** The template's reply for a suggestion, or throws bad_input naming the template. */
export function replyFromTemplate(
  template: ReplyTemplate,
  s: Pick<Suggestion, "from" | "subject">,
  ctx: { now: number; timeZone: string },
): string {
  try {
    return renderReply(template.body, replyVariables(s, ctx.now, ctx.timeZone));
  } catch (e) {
    throw new CoreError("bad_input", `template “${template.name}”: ${(e as Error).message}`);
  }
}

/** A sample of what the template writes, for the Policies screen (Ann Lee, "Quarterly numbers"). */
export function sampleReply(body: string): string {
  return renderReply(body, sample);
}
