import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { DEFAULT_HASHING } from "./features/featurize.ts";
import { weakLabels } from "./weak-labels.ts";

const mail = (from: string, subject: string, body: string, extra: string[] = []) =>
  [
    `From: ${from}`,
    "To: me@corp.example",
    `Subject: ${subject}`,
    "Date: Tue, 03 Mar 2026 09:10:00 +0000",
    ...extra,
    "",
    body,
  ].join("\r\n");

async function rules(raw: string) {
  const a = await analyze({ kind: "email", ref: { source: "demo", id: "t" }, raw }, DEFAULT_HASHING);
  if (!a.ok) throw new Error(a.reason);
  return weakLabels(a.p, a.hits, false);
}

describe("the rules' category, as the label guide defines it", () => {
  it("reads a digest or an edition without list headers as a newsletter (the guide's 'digests'), not an alert", async () => {
    for (const subject of [
      "This week's digest: five stories worth your time",
      "Boletín semanal de la comunidad",
      "Nieuwsbrief november",
      "What’s new in the editor",
      "Trail Notes, issue 42: autumn routes",
    ])
      expect(
        await rules(mail("Team <news@digest.example>", subject, "Three stories this week. Read online.")),
        subject,
      ).toMatchObject({ category: "newsletter", bucket: "low_priority" });
  });

  it("leaves a tracker's issue number, a reply about a digest and a security alert where they were", async () => {
    expect(
      await rules(
        mail("GitHub <notifications@github.example>", "You were assigned issue #211", "Sync fails."),
      ),
    ).toMatchObject({ category: "notification" });
    expect(
      await rules(
        mail("Ann Berg <ann@corp.example>", "Re: weekly digest", "Can you drop the third story?", [
          "In-Reply-To: <a@corp.example>",
        ]),
      ),
    ).toMatchObject({ category: "primary", bucket: "actionable" });
    expect(
      await rules(mail("Bank <alerts@bank.example>", "Security alert: new sign-in", "Was this you?")),
    ).toMatchObject({ category: "notification" });
  });
});
