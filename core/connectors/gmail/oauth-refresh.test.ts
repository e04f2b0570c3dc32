import { describe, expect, it } from "vitest";
import { createFakeGoogleOAuth } from "../../../tests/fakes/google-oauth.ts";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { refreshGoogleAccessToken } from "./oauth-refresh.ts";

describe("refreshGoogleAccessToken", () => {
  const oauth = createFakeGoogleOAuth({ clientId: "cid", clientSecret: "secret" });
  const base = {
    fetch: toFetch(oauth.handler),
    tokenUrl: "https://oauth2.test/token",
    clientId: "cid",
    clientSecret: "secret",
    nowMs: 1000,
  };

  it("returns a fresh access token and keeps the stored refresh token", async () => {
    const refreshToken = oauth.issueRefreshToken("p@example.com");
    const t = await refreshGoogleAccessToken({ ...base, refreshToken });
    expect(t.accessToken).toMatch(/^ya29\./);
    expect(t.expiresAt).toBe(1000 + 3599_000);
    expect(t.refreshToken).toBeUndefined();
  });

  it("maps invalid_grant to needs_reauth and a bad client to upstream_rejected", async () => {
    const refreshToken = oauth.issueRefreshToken("p@example.com");
    oauth.revoke(refreshToken);
    await expect(refreshGoogleAccessToken({ ...base, refreshToken })).rejects.toMatchObject({
      code: "needs_reauth",
    });
    await expect(
      refreshGoogleAccessToken({ ...base, clientSecret: "nope", refreshToken }),
    ).rejects.toMatchObject({
      code: "upstream_rejected",
    });
  });

  it("treats an unreachable endpoint as transient", async () => {
    const down = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(refreshGoogleAccessToken({ ...base, fetch: down, refreshToken: "x" })).rejects.toMatchObject(
      {
        code: "upstream_unavailable",
      },
    );
  });
});
