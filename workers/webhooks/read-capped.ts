import { readCappedBytes } from "@scouts/core/connectors/http/read-capped";
import { CoreError } from "@scouts/core/errors";

/**
 * Reads a request body of at most `max` bytes without ever holding more: a declared
 * Content-Length over the cap is refused before reading, and a body that streams past it (no
 * length, or a false one) is cancelled at the first chunk over. For unauthenticated bodies
 * (the signature can only be checked once the bytes are in).
 * @example const raw = await readCappedBody(c.req.raw, 256 * 1024, "Slack request body");
 */
export async function readCappedBody(request: Request, max: number, what: string): Promise<Uint8Array> {
  const bytes = await readCappedBytes(request, max);
  if (bytes === null) throw new CoreError("payload_too_large", `${what} is larger than ${max} bytes`);
  return bytes;
}
