/** multipart/mixed encoding for Google's batch endpoint (`/batch/gmail/v1`). */

export interface BatchCall {
  id: string;
  method: "GET" | "POST";
  /** Absolute path, e.g. `/gmail/v1/users/me/messages/abc?format=metadata`. */
  path: string;
}

export interface BatchAnswer {
  id: string;
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Encodes calls as one multipart/mixed body; each part's Content-ID is `<item-{id}>`.
 * @example const { body, contentType } = encodeBatch([{ id: "0", method: "GET", path: "/gmail/v1/users/me/messages/x" }]);
 */
export function encodeBatch(calls: BatchCall[], boundary = `scouts_${crypto.randomUUID()}`) {
  let body = "";
  for (const c of calls) {
    body += `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <item-${c.id}>\r\n\r\n`;
    body += `${c.method} ${c.path}\r\n\r\n`;
  }
  body += `--${boundary}--\r\n`;
  return { body, contentType: `multipart/mixed; boundary=${boundary}` };
}

function splitBlock(text: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(text);
  return m ? [text.slice(0, m.index), text.slice(m.index + m[0].length)] : [text, ""];
}

function parseHeaders(block: string): Headers {
  const h = new Headers();
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) {
      try {
        h.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      } catch {
        // A header name the platform refuses is irrelevant to us; skip it.
      }
    }
  }
  return h;
}

/**
 * Decodes a batch response into per-call answers keyed by the request ids. Parts without a
 * recognisable Content-ID are matched by position. Returns null when the body is not multipart.
 */
export function decodeBatch(
  text: string,
  contentType: string | null,
  calls: BatchCall[],
): BatchAnswer[] | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  if (!m) return null;
  const delimiter = `--${m[1] ?? m[2]}`;
  const end = text.indexOf(`${delimiter}--`);
  const sections = (end === -1 ? text : text.slice(0, end)).split(delimiter).slice(1);
  const answers: BatchAnswer[] = [];
  sections.forEach((section, index) => {
    const [outerHead, rest] = splitBlock(section.replace(/^\r?\n/, ""));
    const contentId = parseHeaders(outerHead).get("content-id") ?? "";
    const id = /^<response-item-(.+)>$/.exec(contentId)?.[1] ?? calls[index]?.id;
    const [innerHead, body] = splitBlock(rest);
    const [statusLine, ...headerLines] = innerHead.split(/\r?\n/);
    const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine?.trim() ?? "")?.[1] ?? 0);
    if (id === undefined || !status) return;
    answers.push({
      id,
      status,
      headers: parseHeaders(headerLines.join("\n")),
      body: body.replace(/\r?\n$/, ""),
    });
  });
  return answers;
}
