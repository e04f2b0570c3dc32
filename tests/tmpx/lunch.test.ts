import { describe, it } from "vitest";
import { readerRules } from "../../core/triage/reader-context.ts";
import { createStage1Classifier } from "../../core/triage/stage1.ts";
const mail = (from: string, subject: string, body: string) =>
  [`From: ${from}`, "To: pat@example.com", `Subject: ${subject}`, "Date: Sun, 22 Nov 2026 04:00:00 +0000", "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8", "", body].join("\r\n");
const cases: [string, string, string][] = [
  ["Ann Colleague <ann@colleague.example>", "Lunch on Thursday?", "Shall we have lunch on Thursday?"],
  ["Ann Colleague <ann@colleague.example>", "Lunch on Thursday?", "About Lunch on Thursday?."],
  ["Ann Colleague <ann@colleague.example>", "Can we meet on Friday?", "Would Friday at 10 work for a short review of the draft plan?"],
  ["Newbie <newbie@example.net>", "Are you there?", "About Are you there?."],
  ["Luis Ortega <luis@colleague.example>", "Travel receipts", "Hi,\n\nI have collected the travel receipts from the Berlin trip in one folder. Could you file them with the expense report?\n\nThanks,\nLuis"],
  ["Sam <sam@gmail.com>", "dinner saturday?", "dinner saturday? 7pm at ours"],
];
describe("lunch", () => {
  it("scores", async () => {
    for (const [from, subj, body] of cases) {
      const sender = from.match(/<(.*)>/)![1]!;
      for (const ctx of ["stranger", "none"]) {
        const r = await createStage1Classifier().classify({ kind: "email", ref: "r", raw: mail(from, subj, body) } as never,
          ctx === "stranger" ? readerRules({ addresses: ["pat@example.com"], sender, relationship: null }) : undefined);
        console.log(ctx.padEnd(9), r.verdict, (r as { score?: number }).score?.toFixed?.(3), r.reason, "|", subj);
      }
    }
  });
});
