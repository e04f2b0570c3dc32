import { describe, expect, it } from "vitest";
import { isCoreError } from "../errors.ts";
import type { Policies } from "../protocol/local-api.ts";
import { defaultPolicies } from "./policies.ts";
import { assertPolicies, checkPolicies } from "./policies-check.ts";
import { checkReplyBody, replyFromTemplate, replyVariables } from "./reply-templates.ts";

const now = Date.UTC(2026, 10, 20, 23, 30);

describe("reply template variables", () => {
  it("come from From and Subject only, cleaned of line breaks and control characters", () => {
    expect(
      replyVariables({ from: '"Ann Lee" <Ann@X.example>', subject: "Q3\r\nBcc: evil" }, now, "UTC"),
    ).toEqual({
      sender: { name: "Ann Lee", first_name: "Ann", email: "ann@x.example" },
      subject: "Q3 Bcc: evil",
      today: "2026-11-20",
    });
    // Without a display name the name is the address and the first name is empty.
    expect(replyVariables({ from: "kim@y.example", subject: "" }, now, "Asia/Tokyo")).toEqual({
      sender: { name: "kim@y.example", first_name: "", email: "kim@y.example" },
      subject: "",
      today: "2026-11-21",
    });
  });
});

describe("checking and rendering a template", () => {
  it("accepts the reply variables and safe filters, and renders them", () => {
    const body =
      'Hi {{ sender.first_name | default: "there" }},\n\nThanks for “{{ subject }}” ({{ today }}).';
    expect(checkReplyBody(body)).toEqual([]);
    const t = { id: "t1", name: "Thanks", body };
    expect(
      replyFromTemplate(t, { from: "kim@y.example", subject: "Invoice" }, { now, timeZone: "UTC" }),
    ).toBe("Hi there,\n\nThanks for “Invoice” (2026-11-20).");
  });

  it.each([
    ["", "write the reply text"],
    ["  \n ", "write the reply text"],
    [
      "Hi {{ sender.phone }}",
      "{{ sender.phone }} is not a reply variable: use sender.name, sender.first_name, sender.email, subject or today",
    ],
    ["Hi {{ sender }}", "{{ sender }} is not a reply variable"],
    ["{{ run.inputs.x }}", "{{ run.inputs.x }} is not a reply variable"],
    ["{{ subject.size }}", "{{ subject.size }} is not a reply variable"],
    ["Hi {{ sender.name | shell }}", "undefined filter: shell"],
    ["{% include 'x' %}", 'tag "include" not found'],
    ["Hi {{ sender.name ", "template does not parse"],
  ])("%j is refused: %s", (body, message) => {
    const problems = checkReplyBody(body);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join(" ")).toContain(message);
  });

  it("a template cannot loop its way past the caps", () => {
    const problems = checkReplyBody("{% for i in (1..100000000) %}x{% endfor %}");
    expect(problems.join(" ")).toMatch(/limit|longer than|over/);
  });
});

describe("checkPolicies", () => {
  const withTemplates = (patch: Partial<Policies>): Policies => ({ ...defaultPolicies, ...patch });

  it("is happy with the defaults and a good template used by an L5 cohort", () => {
    expect(checkPolicies(defaultPolicies)).toEqual([]);
    const p = withTemplates({
      levels: { ...defaultPolicies.levels, first_contact: 5 },
      templates: [{ id: "t1", name: "Thanks", body: "Thanks, {{ sender.name }}!" }],
      cohortTemplates: { first_contact: "t1" },
    });
    expect(assertPolicies(p)).toBe(p);
  });

  it("names each problem with the template it is about", () => {
    const p = withTemplates({
      levels: { ...defaultPolicies.levels, vips: 5 },
      templates: [
        { id: "a", name: "Thanks", body: "Hi {{ sender.phone }}" },
        { id: "b", name: "thanks", body: "ok" },
        { id: "c", name: " ", body: "ok" },
      ],
      cohortTemplates: { vips: "gone" },
      triageTimes: [],
    });
    expect(checkPolicies(p).map((i) => [i.path, i.message])).toEqual([
      [
        "templates.a.body",
        expect.stringContaining("Template “Thanks”: {{ sender.phone }} is not a reply variable"),
      ],
      ["templates.b.name", "Template “thanks”: another template has this name"],
      ["templates.c.name", "Template 3: give it a name"],
      ["cohortTemplates.vips", "VIPs drafts from a template that does not exist: choose another or none"],
      ["triageTimes", "VIPs is at L5: set at least one triage time"],
    ]);
    try {
      assertPolicies(p);
      expect.unreachable();
    } catch (e) {
      expect(isCoreError(e) && e.code).toBe("bad_input");
      expect((e as Error).message).toMatch(/^policies not saved: Template “Thanks”: /);
    }
  });

  it("refuses a triage time listed twice", () => {
    expect(checkPolicies(withTemplates({ triageTimes: ["08:00", "08:00"] }))).toEqual([
      { path: "triageTimes", message: "a triage time is listed twice" },
    ]);
  });
});
