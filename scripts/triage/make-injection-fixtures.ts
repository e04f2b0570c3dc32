/** Writes tests/fixtures/injection/*.eml and expected.json from injection-cases.ts (run once, output committed). */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CASES, type InjectionCase } from "./injection-cases.ts";

const dir = path.join(import.meta.dirname, "../../tests/fixtures/injection");
mkdirSync(dir, { recursive: true });

function encodeWord(s: string): string {
  return /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, "utf8").toString("base64")}?=`;
}

function part(type: string, body: string): string {
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(body, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n")}\r\n`;
}

function eml(c: InjectionCase, i: number): string {
  const head = [
    `From: ${encodeWord(c.fromName ?? "Dana Reyes")} <dana@partner.example>`,
    "To: you@example.com",
    `Subject: ${encodeWord(c.subject ?? "Quarterly report")}`,
    `Date: Tue, 03 Mar 2026 09:${String(10 + i).padStart(2, "0")}:00 +0100`,
    `Message-ID: <inj-${c.name}@partner.example>`,
    "MIME-Version: 1.0",
  ];
  if (c.plain !== undefined && c.html !== undefined) {
    const b = `b-${c.name}`;
    return `${head.join("\r\n")}\r\nContent-Type: multipart/alternative; boundary="${b}"\r\n\r\n--${b}\r\n${part("text/plain", c.plain)}--${b}\r\n${part("text/html", c.html)}--${b}--\r\n`;
  }
  const [type, body] = c.html !== undefined ? ["text/html", c.html] : ["text/plain", c.plain ?? ""];
  return `${head.join("\r\n")}\r\n${part(type, body)}`;
}

const expected = CASES.map((c, i) => {
  const file = `${String(i + 1).padStart(2, "0")}-${c.name}.eml`;
  writeFileSync(path.join(dir, file), eml(c, i));
  return {
    file,
    category: c.category,
    flags: c.flags,
    hidden: c.hidden,
    ...(c.secret ? { secret: c.secret } : {}),
  };
});
writeFileSync(path.join(dir, "expected.json"), `${JSON.stringify(expected, null, 2)}\n`);
console.log(`wrote ${expected.length} fixtures to ${dir}`);
