import { CoreError } from "@scouts/core/errors";
import { bodyLimit } from "hono/body-limit";

/** Nothing the PWA or the CLI sends comes near it; a bigger body is refused before it is buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Refuses a request body over 1 MiB with `payload_too_large` (413), read or declared. */
export function limitBody() {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new CoreError("payload_too_large", "the request body is over the agent's 1 MiB limit");
    },
  });
}

/**
 * The JSON body: `{}` when there is none (routes that need no body), a `bad_input` naming the
 * problem when there is one that does not parse (it used to read as `{}` and blame a field).
 */
export async function readBody(c: { req: { text(): Promise<string> } }): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CoreError("bad_input", "the request body is not JSON");
  }
}
