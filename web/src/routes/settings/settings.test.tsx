import { defaultSettings } from "@scouts/core/assistant/settings";
import { CoreError } from "@scouts/core/errors";
import type { LocalEvent, LocalScout, Status } from "@scouts/core/protocol/local-api";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { controlNotice } from "../../app/status.tsx";
import { type SuggestionSource, shareEvents } from "../../data/source.ts";
import { localScoutSummary } from "../scouts/local-scouts.tsx";
import { AssistantSettings } from "./assistant-form.tsx";
import {
  checkPatch,
  errorsByField,
  formFromSettings,
  issuesFromError,
  listFromText,
  patchFromForm,
} from "./assistant-form-model.ts";
import { stateText, TravelDate } from "./controls.tsx";

const NOW = Date.parse("2026-11-20T09:00:00Z");
const control = (c: Partial<Status["control"]> = {}) => ({
  control: { paused: false, killed: false, travelUntil: null, ...c },
  assistantEnabled: true,
});

describe("settings form model", () => {
  it("sends only what changed; lists one a line; blank paths clear", () => {
    const saved = { ...defaultSettings, watchedDirectory: "/srv/in", vipSenders: ["a@x.example"] };
    const form = {
      ...formFromSettings(saved),
      watchedDirectory: "  ",
      vipSenders: "a@x.example\n\n b.example , c@y.example",
      timezone: " Europe/Berlin ",
    };
    expect(patchFromForm(form, saved, ["watchedDirectory", "vipSenders", "timezone", "orgDomains"])).toEqual({
      watchedDirectory: null,
      vipSenders: ["a@x.example", "b.example", "c@y.example"],
      timezone: "Europe/Berlin",
    });
    expect(patchFromForm(formFromSettings(saved), saved, ["watchedDirectory", "vipSenders"])).toEqual({});
    expect(listFromText("a,,b\n")).toEqual(["a", "b"]);
  });

  it("checks with the agent's messages, per field and per line", () => {
    const issues = checkPatch({
      vipSenders: ["ok@x.example", "bad"],
      briefMorning: "7am",
      localMailbox: "Mail",
    });
    expect(errorsByField(issues)).toEqual({
      vipSenders: "Line 2: use an address (ann@example.com) or a domain (example.com).",
      briefMorning: "Use a 24-hour time like 08:00.",
      localMailbox: "Use a full path, like /home/you/Inbox or ~/Inbox.",
    });
    expect(checkPatch({ timezone: "Europe/Berlin", orgDomains: ["work.example"] })).toEqual([]);
  });

  it("reads field issues from an agent error, and none from anything else", () => {
    const e = new CoreError("bad_input", "invalid settings", {
      details: {
        issues: [
          { path: "watchedDirectory", message: "nothing is there" },
          { path: "(root)", message: "x" },
        ],
      },
    });
    expect(issuesFromError(e)).toEqual([{ path: "watchedDirectory", message: "nothing is there" }]);
    expect(issuesFromError(new Error("network"))).toEqual([]);
  });

  it("shows local sources and the brief only with the agent, and says why in a browser", () => {
    const render = (kind: "agent" | "device") =>
      renderToStaticMarkup(
        <AssistantSettings
          source={{ kind } as SuggestionSource}
          settings={{ ...defaultSettings, watchedDirectory: "/srv/in" }}
          onSaved={() => {}}
        />,
      );
    const agent = render("agent");
    for (const label of [
      "Watched folder",
      "Local mailbox",
      "Mailbox format",
      "Morning brief",
      "Time zone",
      "VIP senders",
    ])
      expect(agent).toContain(`>${label}</label>`);
    expect(agent).toContain('value="/srv/in"');
    const device = render("device");
    expect(device).not.toContain(">Watched folder</label>");
    expect(device).not.toContain(">Time zone</label>");
    expect(device).toContain(">VIP senders</label>");
    expect(device).toContain("need the local agent");
  });
});

describe("controls", () => {
  it("travel dates must be after today and end at that day's local midnight", () => {
    const next = new Date();
    next.setDate(next.getDate() + 3);
    const iso = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, "0")}-${String(next.getDate()).padStart(2, "0")}`;
    expect(TravelDate.parse(iso)).toBe(
      new Date(next.getFullYear(), next.getMonth(), next.getDate()).getTime(),
    );
    expect(TravelDate.safeParse("2020-01-01").error?.issues[0]?.message).toBe("Pick a day after today.");
    expect(TravelDate.safeParse("").error?.issues[0]?.message).toBe("Pick the day you are back.");
  });

  it("the banner names the one thing that stops or limits the assistant, strongest first", () => {
    expect(controlNotice(control({ killed: true, paused: true }), NOW)?.kind).toBe("killed");
    expect(controlNotice(control({ paused: true }), NOW)?.text).toMatch(/^Paused/);
    expect(controlNotice({ ...control(), assistantEnabled: false }, NOW)?.kind).toBe("off");
    const travel = controlNotice(control({ travelUntil: Date.parse("2026-12-01T12:00:00Z") }), NOW, "en-GB");
    expect(travel?.text).toMatch(/^Travelling until Tue, 1 Dec 2026/);
    expect(controlNotice(control({ travelUntil: NOW - 1 }), NOW)).toBeNull();
    expect(controlNotice(control(), NOW)).toBeNull();
    expect(stateText({ ...control({ killed: true }), now: NOW })).toBe("Stopped by the kill switch.");
  });

  it("one event stream serves every subscriber and closes with the last", () => {
    let opened = 0;
    let closed = 0;
    let emit: (e: LocalEvent) => void = () => {};
    const subscribe = shareEvents((e) => {
      opened++;
      emit = e;
      return () => closed++;
    });
    const a: string[] = [];
    const b: string[] = [];
    const offA = subscribe((e) => a.push(e.type));
    const offB = subscribe((e) => b.push(e.type));
    emit({ type: "notice", kind: "k", message: "m" });
    offA();
    emit({ type: "notice", kind: "k", message: "m" });
    expect([opened, closed, a.length, b.length]).toEqual([1, 0, 1, 2]);
    offB();
    expect(closed).toBe(1);
    subscribe(() => {});
    expect(opened).toBe(2);
  });

  it("summarises a local scout's state in words", () => {
    const s: LocalScout = {
      kind: "local_mail",
      location: "/m",
      format: "mbox",
      enabled: false,
      state: "off",
      detail: "its switch is off (Settings → Controls)",
      lastScanAt: null,
      suggestions: 1,
      intervalSeconds: 5,
    };
    expect(localScoutSummary(s, NOW)).toBe("Off · its switch is off (Settings → Controls) · 1 suggestion");
    expect(
      localScoutSummary(
        { ...s, state: "running", detail: null, lastScanAt: NOW - 2000, suggestions: 3 },
        NOW,
      ),
    ).toBe("Running · checked just now · 3 suggestions");
  });
});
