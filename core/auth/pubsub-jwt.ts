import {
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";
import type { Clock, FetchLike } from "../ports.ts";
import { systemClock } from "../ports.ts";

export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

/** Why a push was refused. `jwks_unavailable` is the only transient one (answer 5xx, Pub/Sub retries). */
export type PushAuthFailure =
  | "missing_header"
  | "malformed_token"
  | "alg_not_allowed"
  | "unknown_kid"
  | "bad_signature"
  | "wrong_issuer"
  | "wrong_audience"
  | "expired"
  | "not_yet_valid"
  | "missing_claim"
  | "wrong_email"
  | "email_unverified"
  | "jwks_unavailable";

export type PushAuthResult =
  | { ok: true; email: string; subject: string | undefined; issuedAt: number }
  | { ok: false; reason: PushAuthFailure; transient: boolean; message: string };

export interface PubsubJwtVerifierOptions {
  /** The configured push audience (PUBSUB_AUDIENCE). */
  audience: string;
  /** The push subscription's service account (PUBSUB_SERVICE_ACCOUNT). */
  serviceAccount: string;
  jwksUrl?: string;
  /** Used to fetch the JWKS; defaults to the global fetch. Tests inject the fake JWKS here. */
  fetch?: FetchLike;
  /** Replaces the remote JWKS entirely (tests, or a key set persisted elsewhere). */
  getKey?: JWTVerifyGetKey;
  clock?: Clock;
  clockToleranceSeconds?: number;
}

const globalSets = new Map<string, JWTVerifyGetKey>();
const injectedSets = new WeakMap<FetchLike, Map<string, JWTVerifyGetKey>>();

/** One cached remote JWKS per (fetch, url) per isolate; jose refetches on an unknown kid after a cooldown. */
function remoteJwks(url: string, fetchImpl: FetchLike | undefined): JWTVerifyGetKey {
  let sets = globalSets;
  if (fetchImpl) {
    sets = injectedSets.get(fetchImpl) ?? new Map();
    injectedSets.set(fetchImpl, sets);
  }
  let set = sets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      cacheMaxAge: 60 * 60 * 1000,
      cooldownDuration: 30_000,
      ...(fetchImpl ? { [customFetch]: (u: string, init: RequestInit) => fetchImpl(u, init) } : {}),
    });
    sets.set(url, set);
  }
  return set;
}

function fail(reason: PushAuthFailure, message: string): PushAuthResult {
  return { ok: false, reason, transient: reason === "jwks_unavailable", message };
}

/**
 * Verifies the OIDC JWT Pub/Sub puts on an authenticated Gmail push: RS256 only, Google issuer,
 * audience, our service-account email, `email_verified`, exp/iat. Build once per isolate.
 * @example
 * const verifier = createPubsubJwtVerifier({ audience, serviceAccount });
 * const r = await verifier.verify(request.headers.get("authorization"));
 * if (!r.ok) return c.json({ error: r.reason }, r.transient ? 503 : 401);
 */
export function createPubsubJwtVerifier(opts: PubsubJwtVerifierOptions) {
  const clock = opts.clock ?? systemClock;
  const tolerance = opts.clockToleranceSeconds ?? 30;
  const getKey = opts.getKey ?? remoteJwks(opts.jwksUrl ?? GOOGLE_JWKS_URL, opts.fetch);
  const serviceAccount = opts.serviceAccount.toLowerCase();

  async function verify(authorization: string | null | undefined): Promise<PushAuthResult> {
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(
      authorization?.trim() ?? "",
    );
    if (!authorization) return fail("missing_header", "no Authorization header");
    if (!match) return fail("malformed_token", "Authorization is not a Bearer JWT");
    const token = match[1]!;
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return fail("malformed_token", "JWT header is not decodable JSON");
    }
    if (header.alg !== "RS256") return fail("alg_not_allowed", `alg ${String(header.alg)} is not RS256`);
    if (typeof header.kid !== "string" || !header.kid) return fail("unknown_kid", "JWT header has no kid");

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms: ["RS256"],
        issuer: GOOGLE_ISSUERS,
        audience: opts.audience,
        requiredClaims: ["exp", "iat", "email"],
        clockTolerance: tolerance,
        maxTokenAge: 3600 + tolerance,
        currentDate: new Date(clock.now()),
      }));
    } catch (e) {
      return mapJoseError(e);
    }
    const nowSec = Math.floor(clock.now() / 1000);
    if (typeof payload.iat !== "number" || payload.iat > nowSec + tolerance) {
      return fail("not_yet_valid", "iat is in the future");
    }
    if (typeof payload.email !== "string" || payload.email.toLowerCase() !== serviceAccount) {
      return fail("wrong_email", "email is not the configured push service account");
    }
    if (payload.email_verified !== true) return fail("email_unverified", "email_verified is not true");
    return { ok: true, email: payload.email, subject: payload.sub, issuedAt: payload.iat };
  }

  return { verify };
}

export type PubsubJwtVerifier = ReturnType<typeof createPubsubJwtVerifier>;

function mapJoseError(e: unknown): PushAuthResult {
  if (e instanceof errors.JWTExpired) return fail("expired", "token expired");
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === "iss") return fail("wrong_issuer", "issuer is not Google");
    if (e.claim === "aud") return fail("wrong_audience", "audience does not match");
    if (e.claim === "nbf" || e.claim === "iat") return fail("not_yet_valid", `${e.claim} check failed`);
    return fail("missing_claim", `claim ${e.claim} failed: ${e.reason}`);
  }
  if (e instanceof errors.JOSEAlgNotAllowed) return fail("alg_not_allowed", "algorithm not allowed");
  if (e instanceof errors.JWKSNoMatchingKey) return fail("unknown_kid", "no Google key matches the kid");
  if (e instanceof errors.JWSSignatureVerificationFailed) return fail("bad_signature", "signature invalid");
  if (e instanceof errors.JWKSTimeout || e instanceof errors.JWKSInvalid) {
    return fail("jwks_unavailable", "Google JWKS could not be fetched");
  }
  if (e instanceof errors.JOSEError && e.code === "ERR_JOSE_GENERIC") {
    return fail("jwks_unavailable", "Google JWKS could not be fetched");
  }
  if (e instanceof errors.JWSInvalid || e instanceof errors.JWTInvalid) {
    return fail("malformed_token", "token is not a valid JWS");
  }
  // A network failure while fetching keys surfaces as a plain TypeError from fetch.
  if (e instanceof TypeError) return fail("jwks_unavailable", "Google JWKS fetch failed");
  return fail("malformed_token", "token could not be verified");
}
