import { describe, expect, it } from "vitest";
import type { CohortRule } from "../protocol/local-api.ts";
import { type CohortInput, type CohortSettings, matchCohort } from "./cohorts.ts";

const none: CohortSettings = { vipSenders: [], orgDomains: [], rules: [] };
const org: CohortSettings = { ...none, orgDomains: ["acme.example"] };

function cohortOf(input: Partial<CohortInput>, settings: CohortSettings = none) {
  return matchCohort({
    input: { from: "Ann <ann@people.example>", subject: "Lunch?", knownSender: true, ...input },
    settings,
  });
}

describe("matchCohort: each built-in rule", () => {
  it("VIPs by exact address (any case) or by domain and its subdomains", () => {
    const vip = { ...none, vipSenders: ["Boss@Acme.example", "board.example"] };
    expect(cohortOf({ from: "B <boss@acme.example>" }, vip)).toEqual({
      cohort: "vips",
      why: "sender is on your VIP list",
    });
    expect(cohortOf({ from: "chair@mail.board.example" }, vip).cohort).toBe("vips");
    expect(cohortOf({ from: "other@acme.example" }, vip).cohort).toBe("default");
    expect(cohortOf({ from: "x@notboard.example" }, vip).cohort).toBe("default");
  });

  it.each([
    ["a List-Unsubscribe header", { headers: { "list-unsubscribe": "<https://x.example/u>" } }],
    ["a List-Id header", { headers: { "list-id": "weekly.x.example" } }],
    ["stage 2's newsletter category", { contentCategory: "newsletter" }],
    ["a news@ address", { from: "news@shop.example" }],
    ["a digest+tag@ address", { from: "digest+weekly@shop.example" }],
    ["an info@ address", { from: "Info <info@shop.example>" }],
  ] as const)("newsletters by %s", (_, input) => {
    expect(cohortOf(input)).toEqual({ cohort: "newsletters", why: "sender looks like a newsletter" });
  });

  it.each([
    ["a no-reply@ address", { from: "no-reply@bank.example" }],
    ["a billing@ address", { from: "billing@power.example" }],
    ["a receipt subject", { subject: "Your receipt from Café" }],
    ["an order subject", { subject: "Order confirmation #123" }],
    ["a booking subject", { subject: "Booking confirmed: Oslo, 2 nights" }],
    ["a password reset subject", { subject: "Password reset requested" }],
    ["stage 2's transactional category", { contentCategory: "transactional" }],
  ] as const)("transactional by %s", (_, input) => {
    expect(cohortOf(input)).toEqual({ cohort: "transactional", why: "automated transactional mail" });
  });

  it.each([
    ["a social network's domain", { from: "Someone <someone@linkedin.com>" }],
    ["a social network's subdomain", { from: "x@mail.reddit.com" }],
    ["stage 2's social category", { contentCategory: "social" }],
  ] as const)("social by %s", (_, input) => {
    expect(cohortOf(input)).toEqual({ cohort: "social", why: "social network notification" });
  });

  it("first contact when the device never saw the sender", () => {
    expect(cohortOf({ knownSender: false })).toEqual({
      cohort: "first_contact",
      why: "first message from this sender",
    });
  });

  it("intra-org for your own domains (and subdomains), cross-org for the rest once you named any", () => {
    expect(cohortOf({ from: "kim@acme.example" }, org).cohort).toBe("intra_org");
    expect(cohortOf({ from: "kim@eu.acme.example" }, org).cohort).toBe("intra_org");
    expect(cohortOf({ from: "kim@partner.example" }, org)).toEqual({
      cohort: "cross_org",
      why: "sender is outside your organisation",
    });
    expect(cohortOf({ from: "kim@partner.example" })).toEqual({
      cohort: "default",
      why: "no cohort rule matched",
    });
  });
});

describe("matchCohort: the person's rules", () => {
  const rule = (r: Partial<CohortRule>): CohortRule => ({
    cohort: "vips",
    field: "from",
    op: "equals",
    value: "",
    ...r,
  });
  const withRules = (...rules: CohortRule[]) => ({ ...none, rules });

  it.each([
    ["from equals (case-insensitive)", rule({ value: "ANN@people.example" })],
    ["from contains", rule({ op: "contains", value: "ann@" })],
    ["from ends_with", rule({ op: "ends_with", value: "@people.example" })],
    ["domain equals", rule({ field: "domain", value: "people.example" })],
    ["domain ends_with (a parent domain)", rule({ field: "domain", op: "ends_with", value: "example" })],
    ["subject contains", rule({ field: "subject", op: "contains", value: "lunch" })],
    ["header exists", rule({ field: "header", header: "X-Team", op: "exists", value: "" })],
    ["header equals", rule({ field: "header", header: "x-team", value: "core" })],
  ])("%s", (_, r) => {
    const got = cohortOf({ headers: { "x-team": "Core" } }, withRules(r));
    expect(got).toEqual({ cohort: "vips", why: `your rule on ${r.field}` });
  });

  it("a rule that does not match falls through to the built-in rules", () => {
    expect(cohortOf({ from: "news@shop.example" }, withRules(rule({ value: "x@y.example" }))).cohort).toBe(
      "newsletters",
    );
    // A header rule never matches a message whose headers the device does not have.
    const header = rule({ field: "header", header: "x-team", op: "exists", value: "" });
    expect(cohortOf({}, withRules(header)).cohort).toBe("default");
    // ends_with on a domain needs a whole label: "ople.example" is not a parent of "people.example".
    expect(
      cohortOf({}, withRules(rule({ field: "domain", op: "ends_with", value: "ople.example" }))).cohort,
    ).toBe("default");
  });

  it("the first matching rule wins", () => {
    const got = cohortOf(
      {},
      withRules(
        rule({ cohort: "social", field: "subject", op: "contains", value: "lunch" }),
        rule({ cohort: "vips", value: "ann@people.example" }),
      ),
    );
    expect(got.cohort).toBe("social");
  });
});

describe("matchCohort: precedence", () => {
  it("your rules > VIPs > newsletters > transactional > social > first contact > intra-org > cross-org > default", () => {
    const all: CohortSettings = {
      vipSenders: ["news@linkedin.com"],
      orgDomains: ["linkedin.com"],
      rules: [{ cohort: "default", field: "subject", op: "contains", value: "pinned" }],
    };
    const base: Partial<CohortInput> = {
      from: "news@linkedin.com",
      subject: "Your receipt",
      knownSender: false,
      headers: { "list-id": "x" },
    };
    expect(cohortOf({ ...base, subject: "pinned receipt" }, all).cohort).toBe("default");
    expect(cohortOf(base, all).cohort).toBe("vips");
    const noVip = { ...all, vipSenders: [] };
    expect(cohortOf(base, noVip).cohort).toBe("newsletters");
    expect(cohortOf({ ...base, headers: {}, from: "billing@linkedin.com" }, noVip).cohort).toBe(
      "transactional",
    );
    expect(cohortOf({ ...base, headers: {}, from: "kim@linkedin.com" }, noVip).cohort).toBe("transactional");
    const plain = { ...base, headers: {}, from: "kim@linkedin.com", subject: "Hello" };
    expect(cohortOf(plain, noVip).cohort).toBe("social");
    const colleague = { ...plain, from: "kim@acme.example" };
    const acme = { ...noVip, orgDomains: ["acme.example"] };
    expect(cohortOf(colleague, acme).cohort).toBe("first_contact");
    expect(cohortOf({ ...colleague, knownSender: true }, acme).cohort).toBe("intra_org");
    expect(cohortOf({ ...colleague, knownSender: true, from: "kim@partner.example" }, acme).cohort).toBe(
      "cross_org",
    );
    expect(cohortOf({ ...colleague, knownSender: true, from: "kim@partner.example" }, none).cohort).toBe(
      "default",
    );
  });
});
