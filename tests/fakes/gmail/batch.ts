/** The fake's own multipart/mixed codec for `/batch/gmail/v1` (independent of the connector's). */

export interface BatchPart {
  contentId: string | undefined;
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

export function boundaryOf(contentType: string | null): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2]!) : null;
}

function splitHead(text: string): [string, string] {
  const t = text.replace(/^\r?\n/, "");
  const m = /\r?\n\r?\n/.exec(t);
  return m ? [t.slice(0, m.index), t.slice(m.index + m[0].length)] : [t, ""];
}

function headerLines(block: string): Headers {
  const h = new Headers();
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) h.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return h;
}

/** Parses a batch request body into its inner HTTP requests; null when it is not a valid batch. */
export function parseBatchRequest(body: string, boundary: string): BatchPart[] | null {
  const delimiter = `--${boundary}`;
  const closing = body.indexOf(`${delimiter}--`);
  if (closing === -1) return null;
  const sections = body.slice(0, closing).split(delimiter).slice(1);
  const parts: BatchPart[] = [];
  for (const section of sections) {
    const [outerHead, inner] = splitHead(section);
    const outer = headerLines(outerHead);
    if (!/application\/http/i.test(outer.get("content-type") ?? "")) return null;
    const [innerHead, innerBody] = splitHead(inner);
    const [requestLine, ...rest] = innerHead.split(/\r?\n/);
    const m = /^(GET|POST|PUT|PATCH|DELETE) (\S+)(?: HTTP\/1\.1)?$/.exec(requestLine?.trim() ?? "");
    if (!m) return null;
    parts.push({
      contentId: outer.get("content-id") ?? undefined,
      method: m[1]!,
      path: m[2]!,
      headers: headerLines(rest.join("\n")),
      body: innerBody.replace(/\r?\n$/, ""),
    });
  }
  return parts;
}

const REASONS: Record<number, string> = {
  200: "OK",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Builds the multipart/mixed batch response Google sends back. */
export async function buildBatchResponse(
  parts: Array<{ contentId: string | undefined; response: Response }>,
) {
  const boundary = `batch_${Math.random().toString(36).slice(2)}`;
  let out = "";
  for (const { contentId, response } of parts) {
    const text = await response.text();
    out += `--${boundary}\r\nContent-Type: application/http\r\n`;
    if (contentId) out += `Content-ID: ${contentId.replace(/^<(.*)>$/, "<response-$1>")}\r\n`;
    out += `\r\nHTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Status"}\r\n`;
    const retry = response.headers.get("retry-after");
    out += `Content-Type: application/json; charset=UTF-8\r\n${retry ? `Retry-After: ${retry}\r\n` : ""}`;
    out += `Content-Length: ${new TextEncoder().encode(text).length}\r\n\r\n${text}\r\n`;
  }
  out += `--${boundary}--\r\n`;
  return new Response(out, {
    status: 200,
    headers: { "content-type": `multipart/mixed; boundary=${boundary}` },
  });
}
