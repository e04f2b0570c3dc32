import { describe, expect, it } from "vitest";
import { createFakeGoogleSigner } from "../../tests/fakes/google-jwks.ts";
import { toFetch } from "../../tests/fakes/handler.ts";
import { decryptToken, encryptToken, hashToken, loadTokenKeyring } from "../crypto/token-cipher.ts";
import { createPubsubJwtVerifier } from "./pubsub-jwt.ts";
import { signSession, verifySession } from "./session.ts";
import { signSlackRequest, verifySlackSignature } from "./slack-signature.ts";

// The same primitives, proven on workerd's WebCrypto rather than Node's.
describe("auth primitives inside workerd", () => {
  const audience = "https://scouts.example/webhooks/gmail";
  const serviceAccount = "push@p.iam.gserviceaccount.com";

  it("verifies Pub/Sub JWTs and refuses the hostile shapes", async () => {
    const google = await createFakeGoogleSigner({ audience, serviceAccount });
    const verifier = createPubsubJwtVerifier({ audience, serviceAccount, fetch: toFetch(google.handler) });
    expect((await verifier.verify(`Bearer ${await google.tokens.valid()}`)).ok).toBe(true);
    const refused = {
      algNone: await verifier.verify(`Bearer ${await google.tokens.algNone()}`),
      hs256: await verifier.verify(`Bearer ${await google.tokens.hs256WithPublicKey()}`),
      kid: await verifier.verify(`Bearer ${await google.tokens.unknownKid()}`),
      aud: await verifier.verify(`Bearer ${await google.tokens.wrongAudience()}`),
      expired: await verifier.verify(`Bearer ${await google.tokens.expired()}`),
    };
    expect(Object.values(refused).map((r) => (r.ok ? "ok" : r.reason))).toEqual([
      "alg_not_allowed",
      "alg_not_allowed",
      "unknown_kid",
      "wrong_audience",
      "expired",
    ]);
  });

  it("seals tokens with AES-GCM bound to the user", async () => {
    const keyring = await loadTokenKeyring({ "3": btoa(String.fromCharCode(...new Uint8Array(32).fill(7))) });
    const sealed = await encryptToken(keyring, { userId: "u1", plaintext: "secret" });
    expect((await decryptToken(keyring, { userId: "u1", ciphertext: sealed.ciphertext })).plaintext).toBe(
      "secret",
    );
    await expect(
      decryptToken(keyring, { userId: "u2", ciphertext: sealed.ciphertext }),
    ).rejects.toMatchObject({
      code: "needs_reauth",
    });
    expect(await hashToken("abc")).toMatch(/^ba7816bf/);
  });

  it("signs Slack requests and sessions", async () => {
    const sig = await signSlackRequest({ signingSecret: "s", timestamp: "100", rawBody: "x=1" });
    const input = { signingSecret: "s", timestamp: "100", signature: sig, rawBody: "x=1", nowMs: 100_000 };
    expect(await verifySlackSignature(input)).toEqual({ ok: true });
    const secret = "0123456789abcdef0123456789abcdef";
    const token = await signSession({
      secret,
      userId: "u1",
      sessionId: "s-0123456789abcdef",
      ttlSeconds: 10,
      nowMs: 0,
    });
    expect(await verifySession({ secret, token, nowMs: 1000 })).toMatchObject({
      ok: true,
      claims: { sub: "u1" },
    });
  });
});
