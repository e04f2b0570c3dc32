/**
 * Credential files and secrets: what the agent never reads, summarises, puts in a prompt or
 * answers `read` with. Two layers: a deny list by path (checked before any byte is read) and a
 * scanner over the text of every file that is read (known key formats and high-entropy tokens).
 */

/** Folders holding credentials: anything under them is refused. */
const deniedDirectories = new Set([
  ".ssh",
  ".aws",
  ".gnupg",
  ".azure",
  ".kube",
  ".docker",
  ".password-store",
  ".mozilla",
  "keychains",
  "keyrings",
  "gcloud",
  "bravesoftware",
  "chromium",
  "google-chrome",
  "firefox",
  "1password",
]);

/** Exact file names (compared lower-cased). */
const deniedNames = new Set([
  ".vault-token",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".git-credentials",
  ".gitcookies",
  ".pgpass",
  ".my.cnf",
  ".s3cfg",
  ".boto",
  ".htpasswd",
  ".terraformrc",
  "credentials",
  "credentials.json",
  "credentials.db",
  "access_tokens.db",
  "application_default_credentials.json",
  "cookies",
  "cookies.sqlite",
  "login data",
  "web data",
  "logins.json",
  "key4.db",
  "key3.db",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "known_hosts",
  "authorized_keys",
]);

/** Names that are only credentials inside a given folder (`gh/hosts.yml`, `.docker/config.json`). */
const deniedInParent: Record<string, string[]> = {
  "hosts.yml": ["gh", "hub"],
  "config.json": [".docker", "containers"],
  config: [".kube"],
};

const deniedSuffixes = [
  "_history",
  ".history",
  ".keychain",
  ".keychain-db",
  ".kdbx",
  ".keyring",
  ".pem",
  ".key",
  ".p12",
  ".pfx",
  ".jks",
  ".keystore",
  ".ppk",
  ".asc",
  ".gpg",
  ".tfstate",
];

/**
 * Why a path inside a linked folder names a credential file (so it is never read), or null.
 * @example credentialPathReason(".kube/config") // "credential folder .kube"
 * @example credentialPathReason("src/app.ts") // null
 */
export function credentialPathReason(relativePath: string): string | null {
  const segments = relativePath.split(/[\\/]/).filter(Boolean);
  const lower = segments.map((s) => s.toLowerCase());
  for (const dir of lower.slice(0, -1)) {
    if (deniedDirectories.has(dir)) return `inside the credential folder ${dir}`;
  }
  const name = lower.at(-1) ?? "";
  const parent = lower.at(-2);
  const parents = deniedInParent[name];
  if (parents) {
    if (parent && parents.includes(parent)) return `credential file ${parent}/${name}`;
  } else if (deniedNames.has(name)) {
    return `credential file ${name}`;
  }
  if (name === ".env" || name.startsWith(".env.") || name.endsWith(".env"))
    return "environment file (.env*) that holds secrets";
  if (name === ".history" || name.endsWith("_history") || name === ".lesshst") return "shell or tool history";
  for (const suffix of deniedSuffixes) {
    if (name.endsWith(suffix)) return `credential or key file (*${suffix})`;
  }
  if (/^id_[a-z0-9]+$/.test(name) || /^service[-_]?account.*\.json$/.test(name))
    return `credential file ${name}`;
  return null;
}

/** Known secret formats: [what it is, pattern]. Each pattern is linear (no nested repetition). */
const knownSecrets: [string, RegExp][] = [
  ["a private key", /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/],
  ["an AWS access key id", /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/],
  ["an AWS secret access key", /aws_secret_access_key\s*[=:]\s*["']?[A-Za-z0-9/+=]{40}/i],
  ["a GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/],
  ["a Slack token", /\bxox[abposr]-[A-Za-z0-9-]{10,250}/],
  ["a Slack app token", /\bxapp-\d-[A-Za-z0-9-]{10,250}/],
  ["a Slack webhook URL", /hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{16,}/],
  ["a Stripe key", /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,247}\b/],
  ["a Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/],
  ["a Google OAuth token", /\bya29\.[0-9A-Za-z_-]{20,}/],
  ["a Google OAuth client secret", /\bGOCSPX-[0-9A-Za-z_-]{20,}/],
  ["an npm token", /\bnpm_[A-Za-z0-9]{36}\b|_authToken\s*=\s*\S{8,}/],
  ["a PyPI token", /\bpypi-AgE[A-Za-z0-9_-]{50,}/],
  ["a Vault token", /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/],
  ["an OpenAI key", /\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}/],
  ["an Anthropic key", /\bsk-ant-[A-Za-z0-9_-]{32,}/],
  ["a JSON Web Token", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ["a password in a URL", /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,100}:[^\s:/@]{3,100}@[^\s/]/i],
];

/** A value assigned to a secret-looking name: `api_key = "…"`, `"password": "…"`. */
const assignment =
  /(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret|auth)["']?\s*[:=]\s*["']?([^\s"'`,;]{12,200})/gi;

const tokenShape = /[A-Za-z0-9+/_=-]{32,400}/g;

/** Shannon entropy of a string, bits per character. */
export function entropyBits(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Random-looking: mixed letters and digits, high entropy; hashes in lockfiles and hex digests are not. */
function looksRandom(token: string, minBits: number): boolean {
  if (/^[0-9a-f]+$/i.test(token)) return false;
  if (!/[0-9]/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token)) return false;
  return entropyBits(token) >= minBits;
}

/** How much of a file the scanner reads: secrets sit anywhere, and the read caps are ~1 MB. */
export const MAX_SCANNED_CHARS = 2_000_000;

/**
 * What secret a text appears to hold (a phrase for the refusal), or null. Known formats first,
 * then values assigned to secret-looking names, then long high-entropy tokens (integrity hashes
 * `sha512-…` and hex digests excepted).
 * @example secretInText("token: ghp_0123456789abcdefghijklmnopqrstuvwxyzAB") // "a GitHub token"
 */
export function secretInText(text: string): string | null {
  const t = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  for (const [what, re] of knownSecrets) if (re.test(t)) return what;
  for (const m of t.matchAll(assignment)) {
    const value = m[1] ?? "";
    if (looksRandom(value, 3.5) || (value.length >= 16 && entropyBits(value) >= 3.8))
      return "a secret assigned to a key, password or token";
  }
  for (const m of t.matchAll(tokenShape)) {
    const token = m[0];
    const before = t.slice(Math.max(0, m.index - 7), m.index);
    if (/sha(?:1|256|384|512)-$|base64,$/.test(before)) continue;
    if (looksRandom(token, 4.5)) return "a high-entropy token";
  }
  return null;
}
