/**
 * Sessions and sign-in (DESIGN §3/§4, ADR 002).
 *
 * - Signing in creates a `sessions` row. The browser gets a random 32-byte token in the httpOnly,
 *   SameSite=Lax cookie `cv_session`; the row's id is sha256(token), so the database never holds
 *   a usable credential.
 * - The script-readable cookie `token` carries the spec's profile fields only (no secret); the web
 *   app's guard uses its presence, exactly as the spec describes, and `me/` for the truth.
 * - API clients may send `Authorization: Bearer <jwt_access>` instead: an HS256 JWT (15 minutes)
 *   signed with SESSION_SECRET and bound to the session id (`sid`). `jwt_refresh` (7 days,
 *   `typ: refresh`) buys new access tokens at `token/refresh/`. Both die with their session.
 * - A session is live while it is not revoked (logout, password reset), younger than 7 days and
 *   used within SESSION_IDLE_MINUTES; `last_seen_at` is written at most once a minute.
 * - Passwords are argon2id; an unknown email is verified against a dummy hash, so timing does
 *   not reveal which accounts exist. Failures are throttled per account and per IP (throttle).
 */
import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  MFA_LOGIN_TTL_MINUTES,
  type LoginRequest,
  type UserProfile,
} from '@carevoice/shared';
import { SignJWT, jwtVerify } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_THROTTLE,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TOUCH_INTERVAL_MS,
  VERIFIED_TOKEN_CACHE_MAX,
} from '../../constants.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, User } from '../../db/database.js';
import type { RequestMeta } from '../../lib/http.js';
import { fromFlag, timestampPlus, toTimestamp } from '../../db/values.js';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  assertNotThrottled,
  recordAttempt,
  type ThrottleRule,
} from '../throttle/throttle.service.js';
import { rememberDevice } from '../throttle/known-devices.js';
import { findUserByEmail } from '../users/users.repository.js';
import {
  insertMfaChallenge,
  insertSession,
  type AccessQuestions,
  revokeSession,
  rotateRefreshToken,
  touchSession,
} from './auth.repository.js';
import type { AccessFacts, SessionUser } from './session-cache.js';

export type { AccessFacts, SessionUser } from './session-cache.js';

export interface AuthContext {
  sessionId: string;
  user: SessionUser;
  /** The answers to the AccessQuestions asked with the session lookup (nothing asked: empty). */
  facts: AccessFacts;
}

export interface Credentials {
  /** Value of the `cv_session` cookie. */
  sessionToken?: string | undefined;
  /** `jwt_access` from `Authorization: Bearer`. */
  bearer?: string | undefined;
}

export interface LoginResult {
  /** Goes into the `cv_session` cookie; never stored. */
  sessionToken: string;
  /** A new `cv_device` cookie's token, when this sign-in made the browser a known device. */
  deviceToken: string | undefined;
  profile: UserProfile;
  jwtAccess: string;
  jwtRefresh: string;
}

export const LOGIN_RULE: ThrottleRule = {
  kind: 'login',
  ...LOGIN_THROTTLE,
  failuresOnly: true,
  knownDevicesApart: true,
  message: MESSAGES.tooManyLoginAttempts,
  delayMessage: ACCOUNT_MESSAGES.attemptsDelayed,
};

const JWT_ISSUER = 'carevoice';
type TokenType = 'access' | 'refresh';

let dummyHash: Promise<string> | undefined;

/**
 * The hash a sign-in on an unknown email verifies its password against, so that it costs what a
 * sign-in on a known account costs and the timing does not tell which accounts exist: a random
 * token's, at the server's cost (hashPassword, the cost of every password it stores). Made once.
 * The app's default for `ctx.unknownAccountHash`.
 */
export function serverUnknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

export function profileOf(user: SessionUser): UserProfile {
  return {
    all_facility_access: user.allFacilityAccess,
    all_permission_access: user.allPermissionAccess,
    sf_user_id: user.id,
    name: user.name,
    email: user.email,
  };
}

/** The password was right and the user has a second factor: step two needs this token. */
export interface MfaChallenge {
  mfaToken: string;
}

/**
 * Step one of signing in: the password. A user without a second factor is signed in; one with
 * a second factor gets a short-lived token for `sf-login/mfa/` and no session yet (DESIGN §8).
 */
export async function login(
  ctx: AppContext,
  meta: RequestMeta,
  request: LoginRequest,
): Promise<LoginResult | MfaChallenge> {
  const account = request.username.trim().toLowerCase();
  await assertNotThrottled(ctx.db, LOGIN_RULE, account, meta);

  const user = await findUserByEmail(ctx.db, account);
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await ctx.unknownAccountHash()),
    request.password,
  );
  if (!user || !passwordOk || !fromFlag(user.active)) {
    await ctx.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, 'login', account, meta, false);
      await recordAudit(trx, meta, {
        action: 'auth.login_failed',
        actorUserId: user?.id ?? null,
        ...(user ? { targetType: 'user', targetId: user.id } : {}),
        detail: { reason: !user ? 'unknown_account' : passwordOk ? 'inactive' : 'wrong_password' },
      });
    });
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  if (user.mfa_secret) {
    // Step two's token: random, single use, its hash stored with a count of wrong codes (ADR 042).
    const mfaToken = randomToken();
    await ctx.db.transaction().execute(async (trx) => {
      await insertMfaChallenge(trx, {
        id: sha256(mfaToken),
        user_id: user.id,
        created_at: toTimestamp(meta.at),
        expires_at: timestampPlus(meta.at, MFA_LOGIN_TTL_MINUTES),
      });
      await recordAttempt(trx, 'login', account, meta, true);
    });
    return { mfaToken };
  }
  return startSession(ctx, meta, user, (trx) => recordAttempt(trx, 'login', account, meta, true));
}

/**
 * A new session for `user`, who has just proven who they are: the row, `also` (the attempt that
 * succeeded) and the audit event in one transaction, then the cookie token and the JWTs.
 */
export async function startSession(
  ctx: AppContext,
  meta: RequestMeta,
  user: User,
  also: (trx: Kysely<Database>) => Promise<void>,
): Promise<LoginResult> {
  const sessionToken = randomToken();
  const sessionId = sha256(sessionToken);
  const refreshJti = crypto.randomUUID();
  const at = toTimestamp(meta.at);
  const deviceToken = await ctx.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: at,
      last_seen_at: at,
      expires_at: timestampPlus(meta.at, SESSION_MAX_AGE_SECONDS / 60),
      revoked_at: null,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      refresh_jti: refreshJti,
    });
    await also(trx);
    await recordAudit(trx, meta, {
      action: 'auth.login',
      actorUserId: user.id,
      targetType: 'session',
      targetId: sessionId,
    });
    return rememberDevice(trx, meta, user.id);
  });

  return {
    sessionToken,
    deviceToken,
    profile: profileOf({
      id: user.id,
      email: user.email,
      name: user.name,
      allFacilityAccess: fromFlag(user.all_facility_access),
      allPermissionAccess: fromFlag(user.all_permission_access),
      mfaEnabled: Boolean(user.mfa_secret),
    }),
    jwtAccess: await signToken(ctx, 'access', sessionId, user.id, ACCESS_TOKEN_TTL_SECONDS),
    jwtRefresh: await signToken(
      ctx,
      'refresh',
      sessionId,
      user.id,
      REFRESH_TOKEN_TTL_SECONDS,
      refreshJti,
    ),
  };
}

/**
 * The live session behind the request's credentials, or 401 (the cookies get cleared). The same
 * query answers the access questions, if any (`facts`); the caller applies the rules.
 */
export async function authenticate(
  ctx: AppContext,
  credentials: Credentials,
  questions?: AccessQuestions,
): Promise<AuthContext> {
  if (credentials.bearer) {
    const sessionId = await verifiedAccessToken(ctx, credentials.bearer);
    if (!sessionId) throw unauthorized(MESSAGES.sessionExpired);
    return liveSession(ctx, sessionId, questions);
  }
  if (credentials.sessionToken) {
    return liveSession(ctx, sha256(credentials.sessionToken), questions);
  }
  throw unauthorized(MESSAGES.notSignedIn);
}

/**
 * New tokens for a valid `jwt_refresh` of a live session: a new `jwt_access` and a new
 * `jwt_refresh`, which replaces the one presented (rotation). Presenting a refresh token of the
 * session that was already replaced means two parties hold it, one of them not the owner: the
 * session ends (reuse detection, ADR 021).
 */
export async function refreshTokens(
  ctx: AppContext,
  meta: RequestMeta,
  refreshToken: string,
): Promise<{ access: string; refresh: string }> {
  const claims = await verifyToken(ctx, refreshToken, 'refresh');
  if (!claims) throw unauthorized(MESSAGES.sessionExpired);
  const { user } = await liveSession(ctx, claims.sid);
  const nextJti = crypto.randomUUID();
  const rotated = await rotateRefreshToken(ctx.db, claims.sid, claims.jti, nextJti);
  if (!rotated) {
    await ctx.db.transaction().execute(async (trx) => {
      await revokeSession(trx, claims.sid, toTimestamp(meta.at));
      await recordAudit(trx, meta, {
        action: 'auth.refresh_reused',
        actorUserId: user.id,
        targetType: 'session',
        targetId: claims.sid,
      });
    });
    throw unauthorized(ACCOUNT_MESSAGES.refreshTokenReused);
  }
  return {
    access: await signToken(ctx, 'access', claims.sid, user.id, ACCESS_TOKEN_TTL_SECONDS),
    refresh: await signToken(
      ctx,
      'refresh',
      claims.sid,
      user.id,
      REFRESH_TOKEN_TTL_SECONDS,
      nextJti,
    ),
  };
}

export async function logout(ctx: AppContext, meta: RequestMeta, auth: AuthContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, auth.sessionId, toTimestamp(meta.at));
    await recordAudit(trx, meta, {
      action: 'auth.logout',
      targetType: 'session',
      targetId: auth.sessionId,
    });
  });
}

/**
 * How stale `last_seen_at` may get before a request writes it: a minute, or a tenth of the idle
 * timeout when that is shorter, so an active user is never taken for an idle one (at
 * SESSION_IDLE_MINUTES=1, a touch once a minute would sign out someone active every minute).
 */
export function touchIntervalMs(idleMinutes: number): number {
  return Math.min(SESSION_TOUCH_INTERVAL_MS, (idleMinutes * 60_000) / 10);
}

async function liveSession(
  ctx: AppContext,
  sessionId: string,
  questions?: AccessQuestions,
): Promise<AuthContext> {
  const found = await ctx.sessions.find(ctx.db, sessionId, questions);
  if (!found) throw unauthorized(MESSAGES.sessionExpired);
  const { session, facts } = found;
  const now = ctx.now();
  const idleMs = now.getTime() - session.lastSeenAtMs;
  const live =
    !session.revoked &&
    session.userActive &&
    now.getTime() < session.expiresAtMs &&
    idleMs <= ctx.config.sessionIdleMinutes * 60_000;
  if (!live) throw unauthorized(MESSAGES.sessionExpired);
  const interval = touchIntervalMs(ctx.config.sessionIdleMinutes);
  if (idleMs >= interval && ctx.sessions.claimTouch(sessionId, now.getTime(), interval)) {
    try {
      await touchSession(ctx.db, sessionId, toTimestamp(now));
    } catch (error) {
      ctx.sessions.releaseTouch(sessionId);
      throw error;
    }
    ctx.sessions.touched(sessionId, now);
  }
  return { sessionId, user: session.user, facts };
}

/** The HS256 key, made once per secret (jose would import raw bytes again on every call). */
const signingKeys = new Map<string, crypto.KeyObject>();

function signingKey(ctx: AppContext): crypto.KeyObject {
  const secret = ctx.config.sessionSecret;
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    signingKeys.set(secret, key);
  }
  return key;
}

async function signToken(
  ctx: AppContext,
  typ: TokenType,
  sessionId: string,
  userId: string,
  ttlSeconds: number,
  jti: string = crypto.randomUUID(),
): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ sid: sessionId, typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setSubject(userId)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(signingKey(ctx));
}

/**
 * The session id and token id of a valid token of the given type, or undefined. A token must
 * carry `exp` (one without could never expire), `iat`, `jti` and `sid`.
 */
async function verifyToken(
  ctx: AppContext,
  token: string,
  typ: TokenType,
): Promise<{ sid: string; jti: string; expMs: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(ctx), {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      currentDate: ctx.now(),
      requiredClaims: ['exp', 'iat', 'jti', 'sid'],
    });
    if (payload.typ !== typ || typeof payload.sid !== 'string' || !payload.jti) return undefined;
    return { sid: payload.sid, jti: payload.jti, expMs: (payload.exp ?? 0) * 1000 };
  } catch {
    return undefined;
  }
}

/**
 * Access tokens already verified, with their session id and expiry (ADR 021): a token string
 * whose HS256 signature checked out once is the same token the next time, so API clients pay
 * for the signature once per token (15 minutes) instead of once per request. Only the signature
 * is remembered; the expiry is compared with the clock on every use, and the session behind it
 * (revocation, idle timeout, user, permissions) is checked on every request as for a cookie.
 */
const verifiedAccessTokens = new Map<string, { sid: string; expMs: number; secret: string }>();

async function verifiedAccessToken(ctx: AppContext, token: string): Promise<string | undefined> {
  const now = ctx.now().getTime();
  const known = verifiedAccessTokens.get(token);
  if (known && known.secret === ctx.config.sessionSecret) {
    return now < known.expMs ? known.sid : undefined;
  }
  const claims = await verifyToken(ctx, token, 'access');
  if (!claims) return undefined;
  if (verifiedAccessTokens.size >= VERIFIED_TOKEN_CACHE_MAX) {
    verifiedAccessTokens.delete(verifiedAccessTokens.keys().next().value as string);
  }
  verifiedAccessTokens.set(token, {
    sid: claims.sid,
    expMs: claims.expMs,
    secret: ctx.config.sessionSecret,
  });
  return claims.sid;
}
