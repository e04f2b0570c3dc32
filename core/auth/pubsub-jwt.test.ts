import { beforeAll, describe, expect, it } from "vitest";
import { createFakeGoogleSigner, type FakeGoogleSigner } from "../../tests/fakes/google-jwks.ts";
import { toFetch } from "../../tests/fakes/handler.ts";
import { createPubsubJwtVerifier, type PubsubJwtVerifier } from "./pubsub-jwt.ts";

const audience = "https://scouts.example/webhooks/gmail";
const serviceAccount = "gmail-push@scouts-prod.iam.gserviceaccount.com";

describe("Pub/Sub push OIDC JWT", () => {
  let google: FakeGoogleSigner;
  let verifier: PubsubJwtVerifier;

  beforeAll(async () => {
    google = await createFakeGoogleSigner({ audience, serviceAccount });
    verifier = createPubsubJwtVerifier({
      audience,
      serviceAccount,
      jwksUrl: google.jwksUrl,
      fetch: toFetch(google.handler),
    });
  });

  it("accepts a valid Google token (both issuer spellings) and caches the JWKS", async () => {
    const first = await verifier.verify(`Bearer ${await google.tokens.valid()}`);
    expect(first).toMatchObject({ ok: true, email: serviceAccount });
    expect((await verifier.verify(`Bearer ${await google.tokens.validShortIssuer()}`)).ok).toBe(true);
    expect((await verifier.verify(`Bearer ${await google.tokens.valid()}`)).ok).toBe(true);
    expect(google.jwksFetches).toBe(1);
  });

  it.each([
    ["wrongAudience", "wrong_audience"],
    ["wrongIssuer", "wrong_issuer"],
    ["wrongEmail", "wrong_email"],
    ["unverified", "email_unverified"],
    ["unverifiedString", "email_unverified"],
    ["expired", "expired"],
    ["futureIat", "not_yet_valid"],
    ["missingEmail", "missing_claim"],
    ["algNone", "alg_not_allowed"],
    ["hs256WithPublicKey", "alg_not_allowed"],
    ["unknownKid", "unknown_kid"],
    ["noKid", "unknown_kid"],
    ["wrongKeySameKid", "bad_signature"],
    ["tamperedPayload", "bad_signature"],
  ] as const)("refuses %s as %s", async (shape, reason) => {
    const token = await google.tokens[shape]();
    const result = await verifier.verify(`Bearer ${token}`);
    expect(result).toMatchObject({ ok: false, reason, transient: false });
  });

  it.each([
    [null, "missing_header"],
    ["", "missing_header"],
    ["Basic dXNlcjpwYXNz", "malformed_token"],
    ["Bearer not-a-jwt", "malformed_token"],
    ["Bearer a.b.c", "malformed_token"],
  ] as const)("refuses header %j as %s", async (header, reason) => {
    expect(await verifier.verify(header)).toMatchObject({ ok: false, reason });
  });

  it("reports an unreachable JWKS as transient so Pub/Sub redelivers", async () => {
    const down = createPubsubJwtVerifier({
      audience,
      serviceAccount,
      jwksUrl: "https://down.example/certs",
      fetch: async () => {
        throw new TypeError("network down");
      },
    });
    const result = await down.verify(`Bearer ${await google.tokens.valid()}`);
    expect(result).toMatchObject({ ok: false, reason: "jwks_unavailable", transient: true });
  });

  it("uses the injected clock for expiry", async () => {
    const token = await google.tokens.valid();
    const later = createPubsubJwtVerifier({
      audience,
      serviceAccount,
      jwksUrl: google.jwksUrl,
      fetch: toFetch(google.handler),
      clock: { now: () => Date.now() + 2 * 3600_000 },
    });
    expect(await later.verify(`Bearer ${token}`)).toMatchObject({ ok: false, reason: "expired" });
  });
});
