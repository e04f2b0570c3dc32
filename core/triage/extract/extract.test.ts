import { describe, expect, it } from "vitest";
import { preprocess } from "../preprocess/preprocess.ts";
import { extractCodes } from "./codes.ts";
import { extractDates } from "./dates.ts";
import { extractEntities } from "./extract.ts";
import { extractInvites } from "./ics.ts";
import { extractMoney, parseAmount } from "./money.ts";

// Tuesday 3 March 2026, 09:00 in New York (-05:00).
const ref = Date.parse("2026-03-03T09:00:00-05:00");
const starts = (text: string) =>
  extractDates(text, ref, -300).map((e) => (e.kind === "datetime" ? e.start : ""));

describe("dates", () => {
  it("resolve relative dates against the message date in its own zone", () => {
    expect(starts("call me tomorrow at 3pm")).toEqual(["2026-03-04T15:00:00-05:00"]);
    expect(starts("today")).toEqual(["2026-03-03"]);
    expect(starts("see you Friday")).toEqual(["2026-03-06"]);
    expect(starts("next Tuesday 10:30")).toEqual(["2026-03-10T10:30:00-05:00"]);
    expect(starts("in 2 weeks")).toEqual(["2026-03-17"]);
    expect(starts("tonight")).toEqual(["2026-03-03T20:00:00-05:00"]);
  });

  it("use the sender's zone, not UTC, for 'tomorrow' near midnight", () => {
    // 23:30 in Los Angeles is already the next day in UTC.
    const late = Date.parse("2026-03-03T23:30:00-08:00");
    expect(extractDates("tomorrow", late, -480).map((e) => (e.kind === "datetime" ? e.start : ""))).toEqual([
      "2026-03-04",
    ]);
  });

  it("read absolute dates in common spellings", () => {
    expect(starts("due March 15, 2026 at 9am")).toEqual(["2026-03-15T09:00:00-05:00"]);
    expect(starts("on 5th April")).toEqual(["2026-04-05"]);
    expect(starts("deadline 2026-06-01")).toEqual(["2026-06-01"]);
  });
});

describe("money, codes, tracking", () => {
  it("parse amounts with currencies and separators", () => {
    expect(
      extractMoney("Total $1,250.00 and €40, or 300 EUR").map((e) =>
        e.kind === "money" ? [e.amount, e.currency] : [],
      ),
    ).toEqual([
      [1250, "USD"],
      [40, "EUR"],
      [300, "EUR"],
    ]);
    expect(parseAmount("1.234,50")).toBe(1234.5);
    expect(parseAmount("2,000")).toBe(2000);
  });

  it("find one-time codes and tracking numbers", () => {
    const e = extractCodes(
      "Your verification code is 482913. UPS tracking 1Z999AA10123456784, FedEx 123456789012",
    );
    expect(
      e.map((x) => (x.kind === "otp" ? x.code : x.kind === "tracking" ? `${x.carrier}:${x.number}` : "")),
    ).toEqual(["482913", "UPS:1Z999AA10123456784", "FedEx:123456789012"]);
  });
});

describe("invitations and people", () => {
  it("read ICS events with zones", () => {
    const ics =
      "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nSUMMARY:Design review\r\nDTSTART;TZID=Europe/Paris:20260305T150000\r\nDTEND:20260305T150000Z\r\nLOCATION:Room 4\\, floor 2\r\nORGANIZER:mailto:ann@acme.example\r\nUID:abc-1\r\nEND:VEVENT\r\nEND:VCALENDAR";
    expect(extractInvites([ics])).toEqual([
      {
        kind: "invite",
        text: "Design review",
        summary: "Design review",
        start: "2026-03-05T15:00:00+01:00",
        end: "2026-03-05T15:00:00Z",
        location: "Room 4, floor 2",
        organizer: "ann@acme.example",
        uid: "abc-1",
        method: "REQUEST",
      },
    ]);
  });

  it("take people and organisations from headers and the signature", async () => {
    const raw =
      "From: Ann Lee <ann@acme.example>\r\nTo: bob@example.com\r\nDate: Tue, 03 Mar 2026 09:00:00 -0500\r\n\r\nShip it.\r\n\r\n-- \r\nCarla Gomez\r\nNorthwind Traders Inc.\r\n";
    const p = await preprocess({ kind: "email", ref: { source: "demo", id: "x" }, raw });
    if (!p.ok) throw new Error(p.reason);
    const e = extractEntities(p, { now: 0 });
    expect(e).toContainEqual({
      kind: "person",
      text: "Ann Lee <ann@acme.example>",
      name: "Ann Lee",
      email: "ann@acme.example",
      role: "sender",
    });
    expect(e).toContainEqual({ kind: "person", text: "Carla Gomez", name: "Carla Gomez", role: "signature" });
    expect(e).toContainEqual({
      kind: "organization",
      text: "Northwind Traders Inc.",
      name: "Northwind Traders Inc.",
      source: "signature",
    });
    expect(e).toContainEqual({
      kind: "organization",
      text: "acme.example",
      name: "Acme",
      source: "sender_domain",
    });
  });
});
