import { describe, expect, it } from "vitest";
import { cohortRule, ruleKind } from "./cohort-rules.ts";
import { matchCohort } from "./cohorts.ts";

const settings = (rules: ReturnType<typeof cohortRule>[]) => ({ vipSenders: [], orgDomains: [], rules });
const mail = {
  from: "Ana <ana@mail.acme.com>",
  subject: "Quarterly numbers",
  headers: { "list-id": "Team news <team.acme.com>" },
  knownSender: true,
  contentCategory: "notification",
};

describe("cohort rules a person writes", () => {
  it.each([
    ["sender", "Ana@Mail.Acme.com"],
    ["domain", "@acme.com"],
    ["list", "team.acme.com"],
    ["category", "notification"],
    ["keyword", "quarterly"],
  ] as const)("%s rule %s sends matching mail to its cohort, first match wins", (kind, value) => {
    const rule = cohortRule({ kind, value, cohort: "vips" });
    expect(ruleKind(rule)).toBe(kind);
    expect(matchCohort({ input: mail, settings: settings([rule]) }).cohort).toBe("vips");
    const other = {
      ...mail,
      from: "Bob <bob@other.org>",
      subject: "Hi",
      headers: {},
      contentCategory: "primary",
    };
    expect(matchCohort({ input: other, settings: settings([rule]) }).cohort).not.toBe("vips");
  });

  it.each([
    ["sender", "ana", /is not an email address/],
    ["domain", "not a domain", /is not a domain/],
    ["domain", "-acme.com", /is not a domain/],
    ["category", "work", /is not one of primary, newsletter/],
    ["keyword", "x", /2 to 100 characters/],
    ["list", "a\u0000b", /List-Id/],
  ] as const)("refuses a %s rule on %j with what it must be", (kind, value, why) => {
    expect(() => cohortRule({ kind, value, cohort: "vips" })).toThrow(why);
  });

  it("refuses an unknown cohort or kind", () => {
    expect(() => cohortRule({ kind: "sender", value: "a@b.co", cohort: "friends" as never })).toThrow(
      /unknown cohort/,
    );
    expect(() => cohortRule({ kind: "mood" as never, value: "x", cohort: "vips" })).toThrow(/unknown kind/);
  });
});
