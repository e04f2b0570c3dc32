import type { AskResponse, Policies, Suggestion } from "../protocol/local-api.ts";
import { arrivedAt, byPriority } from "./brief.ts";
import { matchesQuery } from "./search.ts";
import { senderAddress } from "./sender.ts";
import { inOverview } from "./surface.ts";

type Intent = AskResponse["intent"];

/** Recognizes the questions Ask answers deterministically. */
export function askIntent(question: string): { intent: Intent; sender?: string; topic?: string } {
  const q = question.trim().toLowerCase();
  if (/\burgent\b/.test(q)) return { intent: "urgent_today" };
  if (/\bsummari[sz]e\b|\bsummary\b|\boverview\b/.test(q)) return { intent: "summarize" };
  const about = /what did (.+?) (?:send|say|write)(?: me)?(?: about (.+?))?\??$/.exec(q);
  if (about?.[1]) return { intent: "sender_about", sender: about[1].trim(), topic: about[2]?.trim() };
  if (q.length > 0) return { intent: "search", topic: q.replace(/\?$/, "") };
  return { intent: "unknown" };
}

function link(s: Suggestion) {
  return { suggestionId: s.id, label: `${s.from} — ${s.subject}` };
}

/**
 * Answers "what's urgent today?", "summarize my inbox", "what did X send about Y?" from local
 * suggestions only. Deterministic; the agent may rephrase `answer` with a local LLM. The
 * overviews (urgent, summary) leave out L0 (silent) cohorts; questions about a sender or topic
 * search everything.
 *
 * @example answerQuestion({ input: { question: "what's urgent today?", suggestions, policies, now } }).links
 */
export function answerQuestion(args: {
  input: {
    question: string;
    suggestions: readonly Suggestion[];
    policies: Pick<Policies, "levels">;
    now: number;
    dayStart?: number;
  };
}): AskResponse {
  const { question, suggestions, now, policies } = args.input;
  const { intent, sender, topic } = askIntent(question);
  const open = suggestions.filter(
    (s) => s.status === "new" && s.verdict !== "spam" && inOverview(s, policies),
  );
  if (intent === "urgent_today") {
    const dayStart = args.input.dayStart ?? now - 24 * 3_600_000;
    const urgent = open.filter((s) => s.bucket === "urgent" && arrivedAt(s) >= dayStart).sort(byPriority);
    const answer = urgent.length
      ? `${urgent.length} urgent today: ${urgent
          .slice(0, 5)
          .map((s) => `${s.from} — ${s.subject}`)
          .join("; ")}`
      : "Nothing urgent today.";
    return { intent, answer, links: urgent.slice(0, 10).map(link), phrasedBy: "deterministic" };
  }
  if (intent === "summarize") {
    const counts = new Map<string, number>();
    for (const s of open)
      counts.set(s.bucket ?? "unprocessed", (counts.get(s.bucket ?? "unprocessed") ?? 0) + 1);
    const parts = [...counts.entries()].map(([b, n]) => `${n} ${b.replace("_", " ")}`);
    const top = [...open].sort(byPriority).slice(0, 3);
    const answer = open.length
      ? `${open.length} open: ${parts.join(", ")}. Top: ${top.map((s) => s.subject).join("; ")}.`
      : "Your inbox has nothing open.";
    return { intent, answer, links: top.map(link), phrasedBy: "deterministic" };
  }
  if (intent === "sender_about" && sender) {
    const from = suggestions.filter(
      (s) => s.from.toLowerCase().includes(sender) || senderAddress(s.from).includes(sender),
    );
    const hits = (topic ? from.filter((s) => matchesQuery(s, topic)) : from).sort(
      (a, b) => b.receivedAt - a.receivedAt,
    );
    const answer = hits.length
      ? `${hits.length} from ${sender}${topic ? ` about ${topic}` : ""}: ${hits
          .slice(0, 5)
          .map((s) => s.subject)
          .join("; ")}`
      : `Nothing from ${sender}${topic ? ` about ${topic}` : ""}.`;
    return { intent, answer, links: hits.slice(0, 10).map(link), phrasedBy: "deterministic" };
  }
  if (intent === "search" && topic) {
    const hits = suggestions.filter((s) => matchesQuery(s, topic)).sort(byPriority);
    const answer = hits.length
      ? `${hits.length} matching: ${hits
          .slice(0, 5)
          .map((s) => s.subject)
          .join("; ")}`
      : "No matches.";
    return { intent, answer, links: hits.slice(0, 10).map(link), phrasedBy: "deterministic" };
  }
  return {
    intent: "unknown",
    answer: "Ask about urgent mail, a summary, or what someone sent.",
    links: [],
    phrasedBy: "deterministic",
  };
}
