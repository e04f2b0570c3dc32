/** What a manifest row is. `skipped` and `error` carry a reason. */
export type FileKind = "text" | "image" | "pdf" | "docx" | "code" | "skipped" | "error";

/** The content kinds a whitelisted extension maps to. */
export type ContentKind = Exclude<FileKind, "skipped" | "error">;

export const fileKinds = ["text", "image", "pdf", "docx", "code", "skipped", "error"] as const;

const textExt = ["txt", "md", "markdown", "mdx", "rst", "csv", "tsv", "log", "adoc", "org"];
const codeExt = [
  "ts",
  "tsx",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "mts",
  "cts",
  "py",
  "rb",
  "go",
  "rs",
  "java",
  "kt",
  "kts",
  "swift",
  "c",
  "h",
  "cc",
  "cpp",
  "hpp",
  "cs",
  "php",
  "scala",
  "sh",
  "bash",
  "zsh",
  "sql",
  "lua",
  "r",
  "dart",
  "ex",
  "exs",
  "erl",
  "hs",
  "ml",
  "clj",
  "vue",
  "svelte",
  "css",
  "scss",
  "html",
  "htm",
  "json",
  "yaml",
  "yml",
  "toml",
  "ini",
  "xml",
  "graphql",
  "proto",
];
const imageExt = ["png", "jpg", "jpeg"];

const byExtension = new Map<string, ContentKind>([
  ...textExt.map((e) => [e, "text"] as const),
  ...codeExt.map((e) => [e, "code"] as const),
  ...imageExt.map((e) => [e, "image"] as const),
  ["pdf", "pdf"],
  ["docx", "docx"],
]);

/** Extensionless files worth indexing as text. */
const knownNames = new Set(["readme", "license", "changelog", "makefile", "dockerfile", "notes", "todo"]);

/**
 * The content kind for a file name, or null when it is not on the whitelist.
 * @example kindForName("notes/plan.md") // "text"; kindForName("a.exe") // null
 */
export function kindForName(name: string): ContentKind | null {
  const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return knownNames.has(base) ? "text" : null;
  return byExtension.get(base.slice(dot + 1)) ?? null;
}

/** Per-file byte caps: text-like content 1 MB, images 5 MB; PDF and DOCX are documents (10 MB). */
export const sizeCaps: Record<ContentKind, number> = {
  text: 1_000_000,
  code: 1_000_000,
  image: 5_000_000,
  pdf: 10_000_000,
  docx: 10_000_000,
};

/** Directories never walked: VCS metadata, dependencies, build output and caches. */
export const ignoredDirectories: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "bower_components",
  "dist",
  "build",
  "out",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  "target",
  "__pycache__",
  ".venv",
  "venv",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".cache",
  ".gradle",
  ".idea",
  ".vscode",
  "coverage",
  ".terraform",
  ".wrangler",
  "vendor",
  "Pods",
  ".DS_Store",
]);

export type FolderTier = "free" | "pro" | "unlimited";

/** Files per folder each tier indexes (whitelisted files, in path order). */
export const tierFileLimits: Record<FolderTier, number> = {
  free: 200,
  pro: 5_000,
  unlimited: Number.POSITIVE_INFINITY,
};

const secretName =
  /^(\.?env(\..*)?|\.npmrc|\.netrc|\.pgpass|\.htpasswd|\.git-credentials|id_(rsa|dsa|ecdsa|ed25519)(\.pub)?|credentials)$|\.(pem|key|p12|pfx|kdbx|keystore)$/i;

/**
 * The kind `read_project_folder_file` serves a name as: the whitelist, plus extensionless names
 * (`Makefile`, `..hidden-name`) read as text; secret-looking names (`.env`, keys) never.
 * @example readableKindForName("..hidden-name") // "text"; readableKindForName(".env") // null
 */
export function readableKindForName(name: string): ContentKind | null {
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (secretName.test(base)) return null;
  const known = kindForName(name);
  if (known) return known;
  return base.replace(/^\.+/, "").includes(".") ? null : "text";
}
