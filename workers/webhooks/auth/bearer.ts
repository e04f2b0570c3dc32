import { CoreError } from "@scouts/core/errors";

/** Query parameter names that would carry a credential; refusing them keeps tokens out of URLs and logs. */
const CREDENTIAL_PARAMS = [
  "token",
  "access_token",
  "auth",
  "authorization",
  "bearer",
  "device_token",
  "session",
];

/** Throws `bad_input` when the URL carries a credential in its query string. */
export function refuseQueryTokens(url: string): void {
  const params = new URL(url).searchParams;
  for (const name of params.keys()) {
    if (CREDENTIAL_PARAMS.includes(name.toLowerCase())) {
      throw new CoreError("bad_input", "tokens in query strings are refused: use the Authorization header", {
        details: { param: name },
      });
    }
  }
}

/**
 * The device token from `Authorization: Bearer …`, or for browser WebSockets from the
 * subprotocol `bearer.<token>` (offered next to `scouts.v1`). Undefined when neither is present.
 * @example bearerToken(new Headers({ authorization: "Bearer sdt_x" })) // "sdt_x"
 */
export function bearerToken(headers: Headers): string | undefined {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const m = /^Bearer ([A-Za-z0-9._~+/-]{16,512}=*)$/.exec(authorization.trim());
    if (!m) throw new CoreError("unauthenticated", "Authorization must be `Bearer <device token>`");
    return m[1];
  }
  if (headers.get("upgrade")?.toLowerCase() === "websocket") {
    const offered = (headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
    const bearer = offered.find((p) => p.startsWith("bearer."));
    if (bearer) return bearer.slice("bearer.".length);
  }
  return undefined;
}
