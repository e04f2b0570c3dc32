import { mkdir, rename, symlink } from "node:fs/promises";
import path from "node:path";
import { credentialPathReason, secretInText } from "@scouts/core/folders/secrets";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allManifestFiles } from "../../local-agent/folders/files-repo.ts";
import { linkFolder } from "../../local-agent/folders/projects.ts";
import { getFolder } from "../../local-agent/folders/projects-repo.ts";
import { readProjectFolderFile } from "../../local-agent/folders/read-file.ts";
import { startScan } from "../../local-agent/folders/scanner.ts";
import { createLocalSummarizer } from "../../local-agent/folders/summarize.ts";
import { foldersFixture, tempDir, writeTree } from "./support/setup.ts";

// Built at run time so no secret-shaped literal sits in the repository.
const fake = {
  github: `ghp_${"A1b2C3d4E5".repeat(4)}`,
  aws: `AKIA${"ABCDEFGH23456789"}`,
  slack: `xoxb-${"1234567890"}-${"AbCdEfGhIjKl"}`,
  stripe: `sk_live_${"a1B2c3D4e5F6g7H8i9J0"}`,
  google: `AIza${"Sy".repeat(2)}${"A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p"}`,
  pem: `-----BEGIN ${"OPENSSH"} PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----`,
  vault: `hvs.${"CAESIJ1x2y3z4A5B6C7D8E9F0g"}`,
  pypi: `pypi-AgEIcHlwaS5vcmc${"Q2hhbmdlTWVQbGVhc2UxMjM0NTY3ODkwYWJjZGVmZ2hpamtsbW5vcA"}`,
  random: "q8Zr3LxW0pVt7NcYb2KsJ5mHd9GfUe4A",
};

describe("credential deny list", () => {
  it.each([
    ".vault-token",
    ".pypirc",
    ".bash_history",
    ".zsh_history",
    "sub/.python_history",
    ".kube/config",
    ".docker/config.json",
    ".config/gh/hosts.yml",
    ".ssh/id_ed25519",
    ".ssh/notes.txt",
    ".aws/credentials",
    ".gnupg/pubring.kbx",
    ".netrc",
    ".npmrc",
    ".env",
    ".env.production",
    "deploy/prod.env",
    "Library/Keychains/login.keychain-db",
    ".mozilla/firefox/x.default/logins.json",
    "certs/server.pem",
    "secrets/service-account-prod.json",
  ])("refuses %s", (p) => {
    expect(credentialPathReason(p)).not.toBeNull();
  });

  it.each(["README.md", "src/config.json", "docs/hosts.yml", "kube/config", "src/history.ts", "env.md"])(
    "serves %s",
    (p) => {
      expect(credentialPathReason(p)).toBeNull();
    },
  );
});

describe("secret scanner", () => {
  it.each(Object.entries(fake))("finds a %s secret inside ordinary text", (_kind, secret) => {
    expect(secretInText(`# Notes\n\nconfig value ${secret} used in prod\n`)).not.toBeNull();
  });

  it("finds passwords assigned in config and URLs", () => {
    expect(secretInText('db_password = "Tr0ub4dor&3-horse-battery"')).toBe(
      "a secret assigned to a key, password or token",
    );
    expect(secretInText("DATABASE_URL=postgres://app:s3cretPassw0rd@db.internal/app")).toBe(
      "a password in a URL",
    );
  });

  it("leaves ordinary project files alone", () => {
    for (const text of [
      "# Website\n\nThe marketing site. Run npm install then npm run dev.",
      `"integrity": "sha512-${"Zm9vYmFyYmF6cXV4".repeat(5)}=="`,
      "commit 3f786850e387550fdab836ed7e6dc881de23001b",
      "id: 123e4567-e89b-12d3-a456-426614174000",
      "export function createTriggerMatcherForEveryScout() { return passwordPolicy; }",
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk">',
      "password: <set in the vault>",
    ]) {
      expect(secretInText(text), text).toBeNull();
    }
  });
});

describe("a linked folder holding credentials", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let fx: Awaited<ReturnType<typeof foldersFixture>>;
  let root: string;
  const prompts: string[] = [];

  beforeEach(async () => {
    tmp = await tempDir();
    root = path.join(tmp.dir, "Linked");
    prompts.length = 0;
    const llm = async ({ text }: { text: string }) => {
      prompts.push(text);
      return "a summary";
    };
    fx = await foldersFixture(path.join(tmp.dir, "home"), { summarize: createLocalSummarizer({ llm }) });
  });
  afterEach(async () => {
    fx.close();
    await tmp.cleanup();
  });

  it("never summarises, prompts with or serves a credential file or a file holding a secret", async () => {
    await writeTree(root, {
      ".vault-token": fake.vault,
      ".pypirc": `[pypi]\nusername = __token__\npassword = ${fake.pypi}\n`,
      ".bash_history": `export GITHUB_TOKEN=${fake.github}\nls\n`,
      ".kube/config": `users:\n- name: admin\n  user:\n    token: ${fake.random}\n`,
      ".docker/config.json": `{"auths":{"ghcr.io":{"auth":"${fake.random}"}}}`,
      "gh/hosts.yml": `github.com:\n    oauth_token: ${fake.github}\n`,
      "notes.md": `# Deploy\n\nUse ${fake.aws} for the bucket.\n`,
      "README.md": "# Site\n\nThe marketing site.\n",
    });
    await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    const folder = await getFolder(
      fx.db,
      (await linkFolder({ ctx: fx.ctx, input: { project: "Site", path: root, tier: "pro" } })).id,
    );
    await startScan({ ctx: fx.ctx, input: { projectId: folder!.projectId } }).scan;
    const rows = await allManifestFiles(fx.db, folder!.projectId);
    const secrets = [fake.vault, fake.pypi, fake.github, fake.random, fake.aws];
    for (const s of secrets) {
      expect(JSON.stringify(rows)).not.toContain(s);
      expect(prompts.join("\n")).not.toContain(s);
    }
    const readme = rows.find((r) => r.relativePath === "README.md");
    expect(readme).toMatchObject({ status: "indexed", summary: "a summary" });
    const notes = rows.find((r) => r.relativePath === "notes.md");
    expect(notes).toMatchObject({ status: "skipped", summary: "" });
    expect(notes?.reason).toContain("AWS access key");
    for (const p of [
      ".vault-token",
      ".pypirc",
      ".bash_history",
      ".kube/config",
      ".docker/config.json",
      "gh/hosts.yml",
      "notes.md",
    ]) {
      const outcome = await readProjectFolderFile({
        ctx: { db: fx.db },
        input: { project: "Site", relativePath: p },
      }).then(
        (r) => JSON.stringify(r),
        (e: Error & { code?: string }) => `${e.code}: ${e.message}`,
      );
      expect(outcome, p).toMatch(/^forbidden: refused: /);
      for (const s of secrets) expect(outcome).not.toContain(s);
    }
  });
});

describe("link", () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let fx: Awaited<ReturnType<typeof foldersFixture>>;
  const savedHome = process.env.HOME;

  beforeEach(async () => {
    tmp = await tempDir();
    process.env.HOME = path.join(tmp.dir, "me");
    await mkdir(path.join(tmp.dir, "me", "projects", "site"), { recursive: true });
    await mkdir(path.join(tmp.dir, "me", ".ssh"), { recursive: true });
    fx = await foldersFixture(path.join(tmp.dir, "agent-home"));
  });
  afterEach(async () => {
    process.env.HOME = savedHome;
    fx.close();
    await tmp.cleanup();
  });

  const link = (p: string) =>
    linkFolder({ ctx: fx.ctx, input: { project: "P", path: p, tier: "pro", createMissing: true } }).then(
      () => "linked",
      (e: Error & { code?: string }) => `${e.code}: ${e.message}`,
    );

  it("refuses the root, the home folder, what holds it, system and credential folders", async () => {
    expect(await link("/")).toMatch(/^forbidden: refused: the root/);
    expect(await link(path.join(tmp.dir, "me"))).toMatch(/^forbidden: refused: the home folder itself/);
    expect(await link(tmp.dir)).toMatch(/contains the home folder/);
    expect(await link("/etc")).toMatch(/system folder/);
    expect(await link("/usr/lib")).toMatch(/system folder/);
    expect(await link("/var")).toMatch(/shared system folder/);
    expect(await link(path.join(tmp.dir, "me", ".ssh"))).toMatch(/credential folder \.ssh/);
    expect(await link(path.join(tmp.dir, "me", "projects", "site"))).toBe("linked");
  });

  it("stores the real path: retargeting the symlink it was linked through changes nothing", async () => {
    const site = path.join(tmp.dir, "me", "projects", "site");
    const other = path.join(tmp.dir, "me", "projects", "other");
    await writeTree(site, { "a.md": "# Site" });
    await writeTree(other, { "a.md": "# OTHER" });
    const via = path.join(tmp.dir, "me", "current");
    await symlink(site, via);
    const project = await linkFolder({
      ctx: fx.ctx,
      input: { project: "P", path: via, tier: "pro", createMissing: true },
    });
    expect((await getFolder(fx.db, project.id))?.path).toBe(site);
    await rename(via, `${via}.old`);
    await symlink(other, via);
    const got = await readProjectFolderFile({
      ctx: { db: fx.db },
      input: { project: "P", relativePath: "a.md" },
    });
    expect(got).toMatchObject({ type: "text", content: "# Site" });
  });

  it("refuses to read once the linked folder itself resolves elsewhere", async () => {
    const site = path.join(tmp.dir, "me", "projects", "site");
    await writeTree(site, { "a.md": "# Site" });
    await writeTree(path.join(tmp.dir, "elsewhere"), { "a.md": "# OUTSIDE" });
    await linkFolder({ ctx: fx.ctx, input: { project: "P", path: site, tier: "pro", createMissing: true } });
    await rename(site, `${site}.moved`);
    await symlink(path.join(tmp.dir, "elsewhere"), site);
    await expect(
      readProjectFolderFile({ ctx: { db: fx.db }, input: { project: "P", relativePath: "a.md" } }),
    ).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("link it again") });
  });
});
