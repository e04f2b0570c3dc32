import type { MailAccountHealth } from "@scouts/core/protocol/local-api";
import type { MailAccountWithHealth } from "@scouts/core/protocol/mail-accounts";
import { describe, expect, it } from "vitest";
import { healthText, progressText } from "./health.ts";

const account = (health: Partial<MailAccountHealth> | null): MailAccountWithHealth => ({
  id: "imap-1",
  kind: "imap",
  label: "Work",
  server: "127.0.0.1:143 (off)",
  username: "maya",
  folders: ["INBOX"],
  lastSyncAt: null,
  lastChangeAt: null,
  lastError: null,
  progress: null,
  health: health && {
    id: "imap-1",
    label: "Work",
    kind: "imap",
    state: "watching",
    connected: true,
    lastChangeAt: null,
    lastSyncAt: null,
    owed: 0,
    lastError: null,
    ...health,
  },
});

describe("an account's health in words", () => {
  it("names each watcher state the way the person acts on it", () => {
    expect(healthText(account({}))).toEqual({ text: "Connected", tone: "ok" });
    expect(healthText(account({ state: "syncing" })).text).toBe("Connected, syncing");
    expect(healthText(account({ state: "watching", connected: false })).text).toBe("Connecting");
    expect(healthText(account({ state: "needs_login", connected: false }))).toEqual({
      text: "Needs re-auth",
      tone: "bad",
    });
    expect(healthText(account({ state: "retrying", connected: false })).tone).toBe("bad");
    expect(healthText(account({ state: "stopped", connected: false })).text).toBe("Stopped");
    expect(healthText(account(null))).toEqual({ text: "Not watched", tone: "warn" });
  });
});

describe("a first sync's progress in words", () => {
  it("counts with thousands separators and names the folder", () => {
    expect(progressText({ folder: "INBOX", done: 1200, total: 10000, paused: false })).toBe(
      "Syncing 1,200 of 10,000 in INBOX",
    );
    expect(progressText({ folder: "Lists", done: 50, total: 50, paused: false })).toBe(
      "Syncing 50 of 50 in Lists",
    );
  });
  it("says when it is paused, also before any batch was read", () => {
    expect(progressText({ folder: "INBOX", done: 1200, total: 10000, paused: true })).toBe(
      "Paused at 1,200 of 10,000 in INBOX",
    );
    expect(progressText({ folder: "", done: 0, total: 0, paused: true })).toBe("Sync paused");
  });
  it("shows nothing between passes", () => {
    expect(progressText(null)).toBeNull();
  });
});
