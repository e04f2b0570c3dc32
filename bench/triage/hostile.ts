/**
 * Cost of hostile input: the generated MIME cases of the tests (tests/triage/hostile-mime.ts)
 * and markup floods that once made preprocessing quadratic, each through `preprocess` in a
 * fresh state, CPU ms and the verdict. Unit tests assert counts; the timings live here.
 *
 *   node bench/triage/hostile.ts
 */
import { preprocess } from "../../core/triage/preprocess/preprocess.ts";
import { hostileCases } from "../../tests/triage/hostile-mime.ts";

const html = (body: string) => `Content-Type: text/html\n\n${body}`;
const plain = (body: string) => `Content-Type: text/plain\n\n${body}`;
const floods: [string, string][] = [
  ["100,000 unclosed <style>", html("<style>".repeat(100_000))],
  ["100,000 '<style ' without '>'", html("<style ".repeat(100_000))],
  ["60,000 '<a ' in text/plain", plain("<a ".repeat(60_000))],
  ["28,000 'http://' without spaces", plain("http://".repeat(28_000))],
  ["150,000 nested <div>", html("<div>".repeat(150_000))],
  ["200,000 '<!--'", html("<!--".repeat(200_000))],
  ["500,000 unmatched </x>", html(`<b>${"</x>".repeat(500_000)}`)],
  ["CSS rule without braces, 500 KB", html(`<style>${"a".repeat(500_000)}}</style>x`)],
  ["200,000 quoted lines", plain("> a\n".repeat(200_000))],
];

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const rows: { input: string; chars: number; cpuMs: number; verdict: string }[] = [];
for (const [name, raw] of [...hostileCases().map((c) => [c.name, c.raw] as [string, string]), ...floods]) {
  const before = process.cpuUsage();
  const p = await preprocess({ kind: "email", ref: { source: "demo", id: name }, raw });
  rows.push({
    input: name,
    chars: raw.length,
    cpuMs: Math.round(cpuMs(process.cpuUsage(before))),
    verdict: p.ok ? "ok" : `unparseable:${p.reason}`,
  });
}
console.table(rows);
