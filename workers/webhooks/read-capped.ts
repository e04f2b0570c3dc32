import { CoreError } from "@scouts/core/errors";

/**
 * Reads a request body of at most `max` bytes without ever holding more: a declared
 * Content-Length over the cap is refused before reading, and a body that streams past it (no
 * length, or a false one) is cancelled at the first chunk over. For unauthenticated bodies
 * (the signature can only be checked once the bytes are in).
 * @example const raw = await readCappedBody(c.req.raw, 256 * 1024, "Slack request body");
 */
export async function readCappedBody(request: Request, max: number, what: string): Promise<Uint8Array> {
  const tooLarge = () => new CoreError("payload_too_large", `${what} is larger than ${max} bytes`);
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > max) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
