import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openAgentDb } from "../db/open.ts";
import { contactStore, MAX_OWN_ADDRESSES, type SentEnvelope } from "./contacts.ts";

async function store() {
  const dir = mkdtempSync(path.join(tmpdir(), "scouts-contacts-"));
  const { db, client } = await openAgentDb(`file:${path.join(dir, "agent.db")}`);
  return { s: contactStore(db, () => 1_000), close: () => client.close() };
}
const mail = (m: Partial<SentEnvelope>): SentEnvelope => ({
  from: ["Maya <maya@example.net>"],
  to: [],
  cc: [],
  bcc: [],
  reply: false,
  at: 5,
  ...m,
});

describe("what the device learns from the person's sent mail", () => {
  it("keeps only plain addresses (core's plainAddress): display names dropped, junk and oversized ignored", async () => {
    const { s, close } = await store();
    try {
      for (const raw of [
        "not an address",
        `${"a".repeat(400)}@example.org`,
        '"evil" <x@y>',
        "",
        "a@b.org\r\nBcc: c@d.org",
      ])
        await s.addOwn(raw, "test");
      await s.addOwn("Ana Souza <Ana.Souza@Example.org>", "test");
      expect(await s.ownAddresses()).toEqual(["ana.souza@example.org"]);
    } finally {
      close();
    }
  });

  it("learns own addresses and contacts; the person is never their own contact; a reply marks its To only", async () => {
    const { s, close } = await store();
    try {
      await s.learnSent("a1", [
        mail({ to: ["ana@example.org", "maya@example.net"], cc: ["carl@example.com"], reply: true }),
      ]);
      expect(await s.ownAddresses()).toEqual(["maya@example.net"]);
      const rel = await s.relationships([
        "ANA@example.org",
        "carl@example.com",
        "maya@example.net",
        "zed@x.io",
      ]);
      expect(rel.get("ana@example.org")).toEqual({ wroteTo: true, repliedTo: true });
      expect(rel.get("carl@example.com")).toEqual({ wroteTo: true, repliedTo: false });
      expect(rel.has("maya@example.net")).toBe(false);
      expect(rel.has("zed@x.io")).toBe(false);
    } finally {
      close();
    }
  });

  it("a broadcast to thousands teaches no contacts, and a sent folder with endless From addresses stops at the cap", async () => {
    const { s, close } = await store();
    try {
      const crowd = Array.from({ length: 5000 }, (_, i) => `p${i}@example.com`);
      const froms = Array.from({ length: 100 }, (_, i) => mail({ from: [`alias${i}@example.net`] }));
      expect(await s.learnSent("a1", [mail({ to: crowd }), ...froms])).toBe(0);
      expect((await s.relationships(crowd.slice(0, 10))).size).toBe(0);
      expect((await s.ownAddresses()).length).toBe(MAX_OWN_ADDRESSES);
    } finally {
      close();
    }
  });

  it("removing an account forgets the addresses it taught and where its sent folder was read", async () => {
    const { s, close } = await store();
    try {
      await s.addOwn("maya@work.example", "account:a1");
      await s.learnSent("a2", [mail({ from: ["maya@home.example"], to: ["ana@example.org"] })]);
      await s.setCursor("a1", { folder: "Sent", mark: "7", last: 9 });
      await s.forgetAccount("a1");
      expect(await s.ownAddresses()).toEqual(["maya@home.example"]);
      expect(await s.cursor("a1")).toBeNull();
      expect((await s.relationships(["ana@example.org"])).size).toBe(1);
    } finally {
      close();
    }
  });
});
