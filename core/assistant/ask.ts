import type { AskResponse, Policies, Suggestion } from "../protocol/local-api.ts";
import { classifyIntent, hasOperators, senderSlot, timeSpan, topicSlot } from "./ask-intent.ts";
import { arrivedAt, byPriority } from "./brief.ts";
import { matchesQuery } from "./search.ts";
import { searchFilter } from "./search-query.ts";
import { senderAddress } from "./sender.ts";
import { inOverview } from "./surface.ts";

type Intent = AskResponse["intent"];

/**
 * What a question asks and its slots: operators (`from:ana is:unread`) make it a search;
 * otherwise the nearest example phrasings decide (`classifyIntent`), and the sender, topic and
 * time span are read from the words. A sender question without a sender is a search.
 *
 * @example askIntent("anything from Ana this week?") // { intent: "sender_about", sender: "ana", … }
 */
export function askIntent(question: string): { intent: Intent; sender?: string; topic?: string } {
  const q = question.trim();
  if (!q) return { intent: "unknown" };
  if (hasOperators(q)) return { intent: "search", topic: q };
  const { intent } = classifyIntent(q);
  const sender = senderSlot(q) ?? undefined;
  const topic = topicSlot(q) ?? undefined;
  if (intent === "sender_about" || (intent === "search" && sender))
    return sender ? { intent: "sender_about", sender, topic } : { intent: "search", topic: topic ?? q };
  if (intent === "search") return { intent, topic: q.replace(/\?$/, "") };
  return { intent };
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
    /** The person's zone, for "today" and "this week" (UTC when absent). */
    timeZone?: string;
    /** Open tasks on the device, for "what did I promise". */
    tasks?: readonly { id: string; title: string; due?: number | null; sourceSuggestionId?: string | null }[];
  };
}): AskResponse {
  const { question, suggestions, now, policies } = args.input;
  const { intent, sender, topic } = askIntent(question);
  const span = timeSpan(question, { now, timeZone: args.input.timeZone ?? "UTC" });
  // A named span ("this week") is about when the mail was sent, not when this device stored it.
  const inSpan = (s: Suggestion) => !span || (s.receivedAt >= span.since && s.receivedAt <= span.until);
  const when = span ? ` ${span.words}` : "";
  const open = suggestions.filter(
    (s) => s.status === "new" && s.verdict !== "spam" && inOverview(s, policies),
  );
  if (intent === "urgent_today") {
    // "Today" is the last 24 hours here (what is still urgent from late last night counts).
    const dayStart =
      args.input.dayStart ?? (span && span.words !== "today" ? span.since : now - 24 * 3_600_000);
    const urgent = open.filter((s) => s.bucket === "urgent" && arrivedAt(s) >= dayStart).sort(byPriority);
    const answer = urgent.length
      ? `${urgent.length} urgent today: ${urgent
          .slice(0, 5)
          .map((s) => `${s.from} — ${s.subject}`)
          .join("; ")}`
      : "Nothing urgent today.";
    return { intent, answer, links: urgent.slice(0, 10).map(link), phrasedBy: "deterministic" };
  }
  if (intent === "promises") {
    const tasks = args.input.tasks ?? [];
    // Requests still waiting on the person: what they owe an answer to.
    const asks = open.filter((s) => s.speechAct === "request" && inSpan(s)).sort(byPriority);
    const parts = [
      tasks.length
        ? `${tasks.length} open task${tasks.length === 1 ? "" : "s"}: ${tasks
            .slice(0, 5)
            .map((t) => t.title)
            .join("; ")}`
        : "",
      asks.length
        ? `${asks.length} request${asks.length === 1 ? "" : "s"} waiting for your answer${when}: ${asks
            .slice(0, 5)
            .map((s) => `${s.from} — ${s.subject}`)
            .join("; ")}`
        : "",
    ].filter(Boolean);
    const fromTasks = tasks.flatMap((t) => {
      const s = t.sourceSuggestionId ? suggestions.find((x) => x.id === t.sourceSuggestionId) : undefined;
      return s ? [link(s)] : [];
    });
    return {
      intent,
      answer: parts.length
        ? `${parts.join(". ")}.`
        : `Nothing open: no tasks and no requests waiting for you${when}.`,
      links: [...fromTasks, ...asks.map(link)].slice(0, 10),
      phrasedBy: "deterministic",
    };
  }
  if (intent === "summarize") {
    const counts = new Map<string, number>();
    const today = open.filter(inSpan);
    for (const s of today)
      counts.set(s.bucket ?? "unprocessed", (counts.get(s.bucket ?? "unprocessed") ?? 0) + 1);
    const parts = [...counts.entries()].map(([b, n]) => `${n} ${b.replace("_", " ")}`);
    const top = [...today].sort(byPriority).slice(0, 3);
    const answer = today.length
      ? `${today.length} open${when}: ${parts.join(", ")}. Top: ${top.map((s) => s.subject).join("; ")}.`
      : span
        ? `Nothing open${when}.`
        : "Your inbox has nothing open.";
    return { intent, answer, links: top.map(link), phrasedBy: "deterministic" };
  }
  if (intent === "sender_about" && sender) {
    const from = suggestions.filter(
      (s) => (s.from.toLowerCase().includes(sender) || senderAddress(s.from).includes(sender)) && inSpan(s),
    );
    const hits = (topic ? from.filter((s) => matchesQuery(s, topic)) : from).sort(
      (a, b) => b.receivedAt - a.receivedAt,
    );
    const answer = hits.length
      ? `${hits.length} from ${sender}${topic ? ` about ${topic}` : ""}${when}: ${hits
          .slice(0, 5)
          .map((s) => s.subject)
          .join("; ")}`
      : `Nothing from ${sender}${topic ? ` about ${topic}` : ""}${when}.`;
    return { intent, answer, links: hits.slice(0, 10).map(link), phrasedBy: "deterministic" };
  }
  if (intent === "search" && topic) {
    let match: (s: Suggestion) => boolean;
    try {
      match = searchFilter(topic, { now, timeZone: args.input.timeZone ?? "UTC" });
    } catch (e) {
      // A bad operator value is answered, not thrown: the person sees what to write instead.
      return { intent, answer: (e as Error).message, links: [], phrasedBy: "deterministic" };
    }
    const hits = suggestions.filter(match).sort(byPriority);
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
    answer:
      "Ask about urgent mail, what you promised, a summary, or what someone sent (search operators work too: from:, subject:, is:unread).",
    links: [],
    phrasedBy: "deterministic",
  };
}
