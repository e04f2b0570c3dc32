/**
 * Synthetic mail for the demo scout: a fixed rotation of realistic kinds, varied by sequence
 * number so every item differs but the same number always yields the same message.
 */
export interface DemoMessage {
  seq: number;
  fromName: string;
  fromAddr: string;
  subject: string;
  body: string;
  date: number;
  headers: Record<string, string>;
}

const people = ["Priya Raman", "Jonas Weber", "Amara Okafor", "Luis Ortega", "Mei Chen", "Sam Ellison"];
const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
/** 2026-11-02 08:00 UTC; item n arrives n × 7 minutes later. */
const epoch = Date.UTC(2026, 10, 2, 8, 0, 0);

type Template = (seq: number, person: string) => Omit<DemoMessage, "seq" | "date">;

const templates: Template[] = [
  (seq) => ({
    fromName: "The Weekly Byte",
    fromAddr: "news@weeklybyte.example",
    subject: `Issue #${100 + seq}: edge databases, tiny models and a queue that never loses`,
    body: `This week: why SQLite keeps winning at the edge, a 4 MB model that sorts your inbox, and reader mail.\n\nRead online: https://weeklybyte.example/issues/${100 + seq}\nUnsubscribe: https://weeklybyte.example/u`,
    headers: {
      "List-Unsubscribe": "<https://weeklybyte.example/u>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "weekly.weeklybyte.example",
      Precedence: "bulk",
    },
  }),
  (seq) => ({
    fromName: "Northside Power",
    fromAddr: "billing@northside-power.example",
    subject: `Your November bill is ready: $${(80 + (seq % 40)).toFixed(2)} due on the 28th`,
    body: `Hello,\n\nYour bill for account ending ${String(1000 + seq).slice(-4)} is ready. Amount due: $${(80 + (seq % 40)).toFixed(2)}. Due date: November 28.\n\nPay online at https://northside-power.example/pay\n\nNorthside Power`,
    headers: {},
  }),
  (seq, person) => ({
    fromName: person,
    fromAddr: `${person.split(" ")[0]!.toLowerCase()}@colleague.example`,
    subject: `Can we meet ${days[seq % days.length]} at ${9 + (seq % 6)}:00 about the Q4 roadmap?`,
    body: `Hi,\n\nCould we find 30 minutes on ${days[seq % days.length]} at ${9 + (seq % 6)}:00 to go through the Q4 roadmap? I'd like your view on the pipeline milestones before Friday.\n\nThanks,\n${person}`,
    headers: {},
  }),
  (seq) => ({
    fromName: "Prize Center",
    fromAddr: `winner${seq}@prize-center-claims.example`,
    subject: "CONGRATULATIONS!!! You have WON a $1000 gift card - claim NOW",
    body:
      "Dear Winner,\n\nYou have been selected! Click here to claim your FREE $1000 gift card: http://claim-prize.example/now?id=" +
      `${seq}\n\nACT NOW - offer expires in 24 hours!!! 100% FREE, no risk. Send your bank details to verify.`,
    headers: { "X-Mailer": "BulkBlaster 9" },
  }),
  (seq, person) => ({
    fromName: "Slack",
    fromAddr: "notification@slack.example",
    subject: `[Slack] ${person} mentioned you in #launch`,
    body: `${person}: @you can you take a look at the release checklist before ${14 + (seq % 4)}:00? Two items are still open.\n\nReply in Slack: https://team.slack.example/archives/C0LAUNCH/p${seq}`,
    headers: {},
  }),
  (seq, person) => ({
    fromName: person,
    fromAddr: `${person.split(" ")[0]!.toLowerCase()}@friends.example`,
    subject: "Photos from the weekend",
    body: `Hey! Finally sorted the photos from the hike, there are ${10 + seq} of them. Dinner at ours next week?\n\n${person}`,
    headers: {},
  }),
  (seq) => ({
    fromName: "Parcel Tracker",
    fromAddr: "updates@parcel-tracker.example",
    subject: `Your order #${50_000 + seq} has shipped`,
    body: `Good news: order #${50_000 + seq} is on its way and should arrive ${days[(seq + 2) % days.length]}.\nTrack it: https://parcel-tracker.example/t/${50_000 + seq}`,
    headers: {},
  }),
  (seq, person) => ({
    fromName: "Code Review",
    fromAddr: "reviews@code-host.example",
    subject: `[scouts] ${person} requested your review on pull request #${200 + seq}`,
    body: `${person} requested your review on "Retry sync jobs with backoff" (#${200 + seq}).\n\nView it: https://code-host.example/scouts/pull/${200 + seq}`,
    headers: {},
  }),
];

/** The message numbered `seq` (1, 2, …): deterministic. */
export function demoMessage(seq: number): DemoMessage {
  const person = people[(seq * 7) % people.length]!;
  const t = templates[seq % templates.length]!(seq, person);
  return { seq, date: epoch + seq * 7 * 60_000, ...t };
}

/** RFC 822 text of a demo message, as a provider would hand it to triage. */
export function demoRaw(m: DemoMessage, to = "you@scouts.example"): string {
  const headers: Record<string, string> = {
    From: `"${m.fromName}" <${m.fromAddr}>`,
    To: to,
    Subject: m.subject,
    Date: new Date(m.date).toUTCString().replace("GMT", "+0000"),
    "Message-ID": `<demo-${m.seq}@scouts.example>`,
    "MIME-Version": "1.0",
    "Content-Type": 'text/plain; charset="utf-8"',
    "Content-Transfer-Encoding": "8bit",
    ...m.headers,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n");
  return `${head}\r\n\r\n${m.body.replaceAll("\n", "\r\n")}\r\n`;
}
