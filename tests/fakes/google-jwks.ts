import {
  base64url,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from "jose";
import { json } from "./handler.ts";

export interface FakeGoogleSignerOptions {
  audience: string;
  serviceAccount: string;
  /** Seconds since epoch for iat (default: now). */
  nowSeconds?: () => number;
}

function b64url(value: unknown): string {
  return base64url.encode(JSON.stringify(value));
}

/**
 * Google's OIDC signer for Pub/Sub push, faked: an RS256 key pair served as a JWKS, a valid token,
 * and every hostile shape a push endpoint must refuse.
 * @example
 * const google = await createFakeGoogleSigner({ audience, serviceAccount });
 * verifier = createPubsubJwtVerifier({ audience, serviceAccount, fetch: toFetch(google.handler), jwksUrl: google.jwksUrl });
 * await verifier.verify(`Bearer ${await google.tokens.valid()}`);
 */
export async function createFakeGoogleSigner(opts: FakeGoogleSignerOptions) {
  const now = opts.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const kid = "fake-google-key-1";
  const main = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(main.publicKey)), kid, alg: "RS256", use: "sig" };
  const jwks: JSONWebKeySet = { keys: [publicJwk] };
  const publicPem = await exportSPKI(main.publicKey);
  let jwksFetches = 0;

  function claims(over: JWTPayload = {}): JWTPayload {
    const iat = now();
    return {
      iss: "https://accounts.google.com",
      aud: opts.audience,
      azp: "1234567890",
      sub: "1234567890",
      email: opts.serviceAccount,
      email_verified: true,
      iat,
      exp: iat + 3600,
      ...over,
    };
  }

  /** Signs `claims` with the JWKS key (or another), RS256, with `kid`. */
  async function sign(
    over: JWTPayload = {},
    header: { kid?: string; key?: CryptoKey } = {},
  ): Promise<string> {
    return new SignJWT(claims(over))
      .setProtectedHeader({ alg: "RS256", kid: header.kid ?? kid, typ: "JWT" })
      .sign(header.key ?? main.privateKey);
  }

  const tokens = {
    valid: () => sign(),
    validShortIssuer: () => sign({ iss: "accounts.google.com" }),
    wrongAudience: () => sign({ aud: "https://evil.example/push" }),
    wrongIssuer: () => sign({ iss: "https://evil.example" }),
    wrongEmail: () => sign({ email: "attacker@evil-project.iam.gserviceaccount.com" }),
    unverified: () => sign({ email_verified: false }),
    unverifiedString: () => sign({ email_verified: "true" }),
    expired: () => sign({ iat: now() - 7200, exp: now() - 3600 }),
    futureIat: () => sign({ iat: now() + 600, exp: now() + 4200 }),
    missingEmail: () => sign({ email: undefined }),
    algNone: async () => `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims())}.`,
    hs256WithPublicKey: () =>
      new SignJWT(claims())
        .setProtectedHeader({ alg: "HS256", kid, typ: "JWT" })
        .sign(new TextEncoder().encode(publicPem)),
    unknownKid: () => sign({}, { kid: "not-a-google-key", key: stranger.privateKey }),
    wrongKeySameKid: () => sign({}, { key: stranger.privateKey }),
    noKid: () => new SignJWT(claims()).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(main.privateKey),
    tamperedPayload: async () => {
      const [h, , s] = (await sign()).split(".");
      return `${h}.${b64url(claims({ email: "attacker@evil.example" }))}.${s}`;
    },
  };

  return {
    jwks,
    jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
    kid,
    sign,
    tokens,
    get jwksFetches() {
      return jwksFetches;
    },
    /** Serves the JWKS at any path ending in `/certs`. */
    handler: async (req: Request): Promise<Response> => {
      if (!new URL(req.url).pathname.endsWith("/certs")) return json({ error: "not found" }, 404);
      jwksFetches++;
      return json(jwks, 200, { "cache-control": "public, max-age=21600" });
    },
  };
}

export type FakeGoogleSigner = Awaited<ReturnType<typeof createFakeGoogleSigner>>;
