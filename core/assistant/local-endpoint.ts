import { CoreError } from "../errors.ts";

const LOOPBACK_NAMES = new Set(["localhost", "[::1]"]);
const LOOPBACK_V4 =
  /^127\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Why `url` is not an allowed language-model endpoint, or null when it is: the one rule for
 * `SCOUTS_LLM_BASE_URL`, Settings (agent and browser) and every caller. Allowed is http(s) to
 * `localhost`, `127.x.y.z` written in dotted decimal, or `[::1]`, exactly as written: no
 * user info, no other spelling of an address (hex, octal, decimal, IPv4-mapped, expanded IPv6),
 * no trailing dot, no other host (`localhost.evil.com`).
 *
 * @example localEndpointProblem("http://127.0.0.1:11434/v1") // null
 * @example localEndpointProblem("http://0x7f.1/v1") // "write the address as 127.0.0.1, [::1] or localhost, not \"0x7f.1\""
 */
export function localEndpointProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "not a URL";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return `only http or https, not ${u.protocol}`;
  // The authority exactly as written (the parser would quietly rewrite tricks into something else).
  const written = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(url.trim())?.[1] ?? "";
  if (written.includes("@") || u.username || u.password) return "no user name or password in the URL";
  const host = written.replace(/:\d*$/, "").toLowerCase();
  if (host !== u.hostname) return `write the address as 127.0.0.1, [::1] or localhost, not "${host}"`;
  if (!LOOPBACK_NAMES.has(host) && !LOOPBACK_V4.test(host))
    return `${host} is not this machine (only 127.0.0.1, [::1] or localhost)`;
  return null;
}

/** True when `url` is an allowed local language-model endpoint (`localEndpointProblem`). */
export function isLocalEndpoint(url: string): boolean {
  return localEndpointProblem(url) === null;
}

/**
 * Refuses a language-model endpoint that is not on this machine: email content never leaves
 * the device.
 *
 * @example assertLocalLlmUrl("http://127.0.0.1:11434/v1") // ok; "https://api.example.com" throws bad_input
 */
export function assertLocalLlmUrl(url: string): void {
  const problem = localEndpointProblem(url);
  if (problem)
    throw new CoreError(
      "bad_input",
      `the language model must be on this machine (127.0.0.1, [::1] or localhost): ${problem}; email content never leaves the device`,
      { details: { issues: [{ path: "llmBaseUrl", message: problem }] } },
    );
}
