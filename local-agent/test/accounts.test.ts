import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAccounts, inferProvider } from "../services/accounts.ts";

describe("account discovery", () => {
  it("finds Thunderbird identities, git user.email and env vars, with evidence; only MX is looked up", async () => {
    const home = await mkdtemp(path.join(tmpdir(), "scouts-home-"));
    try {
      await mkdir(path.join(home, ".thunderbird", "abc.default"), { recursive: true });
      await writeFile(
        path.join(home, ".thunderbird", "abc.default", "prefs.js"),
        'user_pref("mail.identity.id1.useremail", "me@gmail.com");\nuser_pref("mail.identity.id2.useremail", "me@corp.example");\n',
      );
      await writeFile(path.join(home, ".gitconfig"), "[user]\n\tname = Me\n\temail = me@corp.example\n");
      await mkdir(path.join(home, ".config"));
      await writeFile(
        path.join(home, ".config", "mimeapps.list"),
        "[Default Applications]\nx-scheme-handler/mailto=thunderbird.desktop\n",
      );
      const looked: string[] = [];
      const mx = async (d: string) => {
        looked.push(d);
        return d === "corp.example"
          ? [{ exchange: "aspmx.l.google.com" }]
          : [{ exchange: "mx.other.example" }];
      };
      const { accounts } = await discoverAccounts({ env: { EMAIL: "Me <me@hotmail.com>" }, home, mx });
      const by = Object.fromEntries(accounts.map((a) => [a.address, a]));
      expect(by["me@gmail.com"]?.provider).toBe("gmail");
      expect(by["me@hotmail.com"]?.provider).toBe("outlook");
      expect(by["me@corp.example"]?.provider).toBe("google_workspace");
      expect(by["me@corp.example"]?.evidence.map((e) => e.source)).toEqual([
        "thunderbird",
        "git",
        "mx",
        "mail handler",
      ]);
      expect(looked).toEqual(["corp.example"]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it("says unknown when the MX lookup fails", async () => {
    const r = await inferProvider("nowhere.example", async () => {
      throw new Error("ENOTFOUND");
    });
    expect(r.provider).toBe("unknown");
  });
});
