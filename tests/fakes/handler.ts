import type { FetchLike } from "@scouts/core/ports";

/** A fake provider: a plain request handler, usable as an injected `fetch` or served on loopback. */
export type FakeHandler = (req: Request) => Promise<Response>;

/**
 * Adapts a fake to the `fetch` signature code under test expects.
 * @example const fetch = toFetch(fakeGmail.handler); await fetch("https://gmail.test/gmail/v1/…")
 */
export function toFetch(handler: FakeHandler): FetchLike {
  return async (input, init) => {
    const req = input instanceof Request && !init ? input : new Request(input, init);
    return handler(req);
  };
}

/**
 * Sends each request to the first fake whose origin or path prefix matches (one `fetch` for
 * Gmail, OAuth and JWKS fakes together).
 */
export function routeFakes(routes: Array<[prefix: string, handler: FakeHandler]>): FakeHandler {
  return async (req) => {
    const url = new URL(req.url);
    for (const [prefix, handler] of routes) {
      if (prefix.startsWith("/") ? url.pathname.startsWith(prefix) : req.url.startsWith(prefix)) {
        return handler(req);
      }
    }
    return json({ error: { code: 404, message: `no fake for ${url.pathname}` } }, 404);
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8", ...headers },
  });
}
