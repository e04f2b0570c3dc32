import type { Brief, BriefPeriod, Policies, Suggestion } from "../protocol/local-api.ts";
import { showsCard } from "./surface.ts";

const order = ["urgent", "actionable", "informational", "low_priority", "unprocessed"] as const;
const titles = {
  urgent: "Urgent",
  actionable: "Needs action",
  informational: "For your information",
  low_priority: "Low priority",
  unprocessed: "Not yet sorted",
};

/**
 * When a suggestion became new to the person: when the device stored it, or the message date if
 * later. A late-delivered (old-dated) message still belongs in the next brief.
 *
 * @example arrivedAt({ receivedAt: now - 20 * 86_400_000, storedAt: now }) // now
 */
export function arrivedAt(s: Pick<Suggestion, "receivedAt" | "storedAt">): number {
  return Math.max(s.receivedAt, s.storedAt);
}

/** Higher priority first, then newer first. */
export function byPriority(a: Suggestion, b: Suggestion): number {
  return (b.priority ?? -1) - (a.priority ?? -1) || b.receivedAt - a.receivedAt;
}

/**
 * The morning/evening digest: open suggestions that arrived since `since` (see `arrivedAt`), counted by bucket with the top
 * threads, plus the same as markdown ("copy as markdown"). Only cohorts that show cards (L2+)
 * are in it: the brief comes to you, and L0 (silent) and L1 (answers when asked) never do, not
 * even as a count; their mail stays findable by search and Ask.
 *
 * @example composeBrief({ input: { suggestions, policies, period: "morning", since, now, topPerBucket: 3 } }).markdown
 */
export function composeBrief(args: {
  input: {
    suggestions: readonly Suggestion[];
    policies: Pick<Policies, "levels">;
    period: BriefPeriod;
    since: number;
    now: number;
    topPerBucket?: number;
    /** Top files of the projects open tasks/events link to (on-device manifest block). */
    projectsBlock?: string;
  };
}): Brief {
  const { suggestions, period, since, now } = args.input;
  const top = args.input.topPerBucket ?? 3;
  const open = suggestions.filter(
    (s) =>
      s.status === "new" &&
      arrivedAt(s) >= since &&
      s.verdict !== "spam" &&
      showsCard(s, args.input.policies),
  );
  const buckets = order.map((bucket) => {
    const inBucket = open.filter((s) => (s.bucket ?? "unprocessed") === bucket).sort(byPriority);
    return {
      bucket,
      count: inBucket.length,
      top: inBucket.slice(0, top).map((s) => ({
        suggestionId: s.id,
        from: s.from,
        subject: s.subject,
        priority: s.priority,
        why: s.why.slice(0, 2),
      })),
    };
  });
  const md: string[] = [`# ${period === "morning" ? "Morning" : "Evening"} brief — ${open.length} new`];
  for (const b of buckets) {
    if (b.count === 0) continue;
    md.push("", `## ${titles[b.bucket]} (${b.count})`);
    for (const t of b.top)
      md.push(
        `- **${mdEscape(t.from)}** — ${mdEscape(t.subject)}${t.why.length ? ` _(${mdEscape(t.why[0] ?? "")})_` : ""}`,
      );
  }
  if (args.input.projectsBlock)
    md.push("", "## Projects in play", args.input.projectsBlock.replace(/^## /gm, "### "));
  return { period, generatedAt: now, since, total: open.length, buckets, markdown: md.join("\n") };
}

function mdEscape(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\s+/g, " ");
}
