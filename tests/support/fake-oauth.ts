import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";

const body = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let data = "";
    req.on("data", (d: Buffer) => (data += d));
    req.on("end", () => resolve(new URLSearchParams(data)));
  });

/**
 * An OAuth2 provider on loopback for one user: a token endpoint that refreshes (RFC 6749 §6, with
 * §5.2 errors such as `invalid_grant` for a revoked refresh token) and an RFC 7662 introspection
 * endpoint that Dovecot's oauth2 passdb asks. Access tokens live `ttlMs`; `revoke()` ends the grant.
 *
 * @example const op = await startFakeOAuth({ user: "maya", clientId: "scouts" }); const t = op.issue();
 */
export async function startFakeOAuth(opts: { user: string; clientId: string; ttlMs?: number }) {
  const access = new Map<string, number>();
  let refreshToken = `r-${randomBytes(8).toString("hex")}`;
  let revoked = false;
  const calls = { refresh: 0, introspect: 0 };
  const issue = (ttl = opts.ttlMs ?? 3_600_000) => {
    const t = `a-${randomBytes(12).toString("hex")}`;
    access.set(t, Date.now() + ttl);
    return t;
  };
  const server = createServer(async (req, res) => {
    const form = await body(req);
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(v));
    };
    if (req.method === "POST" && req.url === "/introspect") {
      calls.introspect++;
      const exp = access.get(form.get("token") ?? "");
      return json(200, exp && exp > Date.now() ? { active: true, username: opts.user } : { active: false });
    }
    if (req.method === "POST" && req.url === "/token") {
      calls.refresh++;
      if (form.get("grant_type") !== "refresh_token") return json(400, { error: "unsupported_grant_type" });
      if (form.get("client_id") !== opts.clientId) return json(401, { error: "invalid_client" });
      if (revoked || form.get("refresh_token") !== refreshToken) return json(400, { error: "invalid_grant" });
      // Rotates the refresh token, as Microsoft's endpoint does: the old one stops working.
      refreshToken = `r-${randomBytes(8).toString("hex")}`;
      return json(200, {
        access_token: issue(),
        token_type: "Bearer",
        expires_in: Math.round((opts.ttlMs ?? 3_600_000) / 1000),
        refresh_token: refreshToken,
      });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    tokenUrl: `http://127.0.0.1:${port}/token`,
    introspectUrl: `http://127.0.0.1:${port}/introspect`,
    issue,
    refreshToken: () => refreshToken,
    /** Ends every access token now (as if they expired). */
    expireAll: () => access.clear(),
    /** The person revoked the app: the refresh token is refused with invalid_grant. */
    revoke: () => {
      revoked = true;
      access.clear();
    },
    calls,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
