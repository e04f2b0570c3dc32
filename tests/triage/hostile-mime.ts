/**
 * Generated hostile messages (REFERENCE "MIME": deep nesting, thousands of parts, huge headers,
 * very long and overlapping boundaries, mixed CRLF/LF, truncation) with what parsing must say
 * about each and how much work it may do. Shared by the Node and workerd tests and the bench.
 */
export interface HostileCase {
  name: string;
  raw: string;
  /** `ok`, or the `unparseable` reason. */
  expect: "ok" | "too_deep" | "too_many_parts" | "headers_too_large";
  /** Whether postal-mime may start (false: the pre-scan must refuse it). */
  parsed: boolean;
  /** Most lines postal-mime may read, all nested messages included. */
  maxLines: number;
  /** Text the parsed body must contain (for `ok`). */
  contains?: string;
  /** The cap is one of preprocessing (HTML nesting): the MIME parse itself succeeds. */
  htmlLevel?: boolean;
}

const lines = (s: string) => s.split("\n").length;
const part = (body: string, boundary: string) => `--${boundary}\nContent-Type: text/plain\n\n${body}\n`;
const multipart = (boundary: string, parts: string[]) =>
  `Content-Type: multipart/mixed; boundary="${boundary}"\n\n${parts.join("")}--${boundary}--\n`;
const message = (headers: string, body: string) => `From: a@example.com\nSubject: hostile\n${headers}${body}`;
/** A message/rfc822 part whose content is base64: its parts are invisible to a raw scan. */
const encodedMessage = (inner: string, boundary: string) =>
  `--${boundary}\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n${btoa(inner).replace(/.{76}/g, "$&\n")}\n`;

function nested(depth: number): string {
  let open = "";
  let close = "";
  for (let i = 0; i < depth; i++) {
    open += `Content-Type: multipart/mixed; boundary="n${i}"\n\n--n${i}\n`;
    close = `--n${i}--\n${close}`;
  }
  return message("", `${open}Content-Type: text/plain\n\ndeep text\n${close}`);
}

function overlapping(levels: number): string {
  // Boundaries b, bb, bbb, …: each is a prefix of the next, so every delimiter line is
  // compared with every open boundary.
  let open = "";
  let close = "";
  for (let i = 1; i <= levels; i++) {
    const b = "b".repeat(i * 7);
    open += `Content-Type: multipart/mixed; boundary="${b}"\n\n--${b}\n`;
    close = `--${b}--\n${close}`;
  }
  const noise = `--${"b".repeat(levels * 7 + 3)}x\n`.repeat(2000);
  return message("", `${open}Content-Type: text/plain\n\noverlap text\n${noise}${close}`);
}

export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (c: Omit<HostileCase, "maxLines"> & { maxLines?: number }) =>
    cases.push({ maxLines: c.parsed ? lines(c.raw) : 0, ...c });

  add({
    name: "nesting 400 deep",
    raw: nested(400),
    expect: "too_deep",
    parsed: true,
    maxLines: 3 * 26 + 10,
  });
  add({ name: "nesting 5,000 deep", raw: nested(5000), expect: "too_many_parts", parsed: false });
  const flat = multipart(
    "zz",
    Array.from({ length: 5000 }, (_, i) => part(`p${i}`, "zz")),
  );
  add({ name: "5,000 parts", raw: message("", flat), expect: "too_many_parts", parsed: false });

  const inner = message(
    "",
    multipart(
      "in",
      Array.from({ length: 2000 }, (_, i) => part(`q${i}`, "in")),
    ),
  );
  const hidden = `Content-Type: multipart/mixed; boundary="out"\n\n${part("cover", "out")}${encodedMessage(inner, "out")}--out--\n`;
  add({
    name: "2,000 parts inside a base64 message/rfc822",
    raw: message("", hidden),
    expect: "too_many_parts",
    parsed: true,
    // The outer message and the inner one up to its 500th part: never all 2,000.
    maxLines: lines(hidden) + 501 * 4 + 20,
  });

  // 300 + 300 parts: under the cap each, over it together (one budget for a message and its parts).
  const three = (tag: string) => Array.from({ length: 300 }, (_, i) => part(`${tag}${i}`, tag));
  const innerHalf = message("", multipart("i1", three("i1")));
  const spread = `Content-Type: multipart/mixed; boundary="o1"\n\n${three("o1").join("")}${encodedMessage(innerHalf, "o1")}--o1--\n`;
  add({
    name: "300 + 300 parts across a nested message",
    raw: message("", spread),
    expect: "too_many_parts",
    parsed: true,
    maxLines: lines(spread) + lines(innerHalf),
  });

  add({
    name: "300 KB top-level header",
    raw: message(`X-Big: ${"a".repeat(300 * 1024)}\n`, "\nbody\n"),
    expect: "headers_too_large",
    parsed: false,
  });
  add({
    name: "300 KB header inside a part",
    raw: message(
      "",
      multipart("h", [`--h\nX-Big: ${"a".repeat(300 * 1024)}\nContent-Type: text/plain\n\nx\n`]),
    ),
    expect: "headers_too_large",
    parsed: true,
  });
  const manyHeaders = Array.from({ length: 20_000 }, (_, i) => `X-H${i}: v\n`).join("");
  add({
    name: "20,000 header lines under the cap",
    raw: message(manyHeaders, "\nplain body\n"),
    expect: "ok",
    parsed: true,
    contains: "plain body",
  });

  const long = "L".repeat(100_000);
  add({
    name: "100,000-character boundary",
    raw: message("", multipart(long, [part("first part", long), part("second part", long)])),
    expect: "ok",
    parsed: true,
    contains: "second part",
  });
  add({
    name: "20 overlapping boundaries",
    raw: overlapping(20),
    expect: "ok",
    parsed: true,
    contains: "overlap text",
  });

  const continued = (n: number) =>
    `Content-Type: multipart/mixed; boundary*0="con"; boundary*1="tinued"\n\n${Array.from({ length: n }, (_, i) => part(`c${i}`, "continued")).join("")}--continued--\n`;
  add({
    name: "RFC 2231 boundary, 1,000 parts",
    raw: message("", continued(1000)),
    expect: "too_many_parts",
    parsed: false,
  });
  add({
    name: "RFC 2231 boundary, 3 parts",
    raw: message("", continued(3)),
    expect: "ok",
    parsed: true,
    contains: "c2",
  });

  const mixed = message("", multipart("m", [part("alpha", "m"), part("omega", "m")])).replace(
    /\n/g,
    (_, at: number) => (at % 3 === 0 ? "\r\n" : "\n"),
  );
  add({ name: "mixed CRLF and LF", raw: mixed, expect: "ok", parsed: true, contains: "omega" });

  add({
    name: "3,000 nested HTML elements",
    raw: message("Content-Type: text/html\n", `\n${"<div>".repeat(3000)}deep${"</div>".repeat(3000)}\n`),
    expect: "too_deep",
    parsed: true,
    htmlLevel: true,
  });
  return cases;
}

/** Every prefix cut of a well-formed multipart message at `step` characters. */
export function truncations(step: number): string[] {
  const whole = message(
    "",
    multipart("t", [
      part("one", "t"),
      `--t\nContent-Type: multipart/alternative; boundary="u"\n\n${part("two", "u")}--u--\n`,
    ]),
  );
  const out: string[] = [];
  for (let at = 1; at < whole.length; at += step) out.push(whole.slice(0, at));
  return out;
}
