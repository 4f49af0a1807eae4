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
import { MESSAGES, type LoginRequest, type UserProfile } from '@carevoice/shared';
import { SignJWT, jwtVerify } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_THROTTLE,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TOUCH_INTERVAL_MS,
} from '../../constants.js';
import type { AppContext } from '../../context.js';
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
import { findUserByEmail } from '../users/users.repository.js';
import {
  insertSession,
  type AccessQuestions,
  revokeSession,
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
  profile: UserProfile;
  jwtAccess: string;
  jwtRefresh: string;
}

const LOGIN_RULE: ThrottleRule = {
  kind: 'login',
  limit: LOGIN_THROTTLE.maxFailures,
  windowMinutes: LOGIN_THROTTLE.windowMinutes,
  failuresOnly: true,
  message: MESSAGES.tooManyLoginAttempts,
};

const JWT_ISSUER = 'carevoice';
type TokenType = 'access' | 'refresh';

let dummyHash: Promise<string> | undefined;

export function profileOf(user: SessionUser): UserProfile {
  return {
    all_facility_access: user.allFacilityAccess,
    all_permission_access: user.allPermissionAccess,
    sf_user_id: user.id,
    name: user.name,
    email: user.email,
  };
}

export async function login(
  ctx: AppContext,
  meta: RequestMeta,
  request: LoginRequest,
): Promise<LoginResult> {
  const account = request.username.trim().toLowerCase();
  await assertNotThrottled(ctx.db, LOGIN_RULE, account, meta);

  const user = await findUserByEmail(ctx.db, account);
  dummyHash ??= hashPassword(randomToken());
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await dummyHash),
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

  const sessionToken = randomToken();
  const sessionId = sha256(sessionToken);
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: at,
      last_seen_at: at,
      expires_at: timestampPlus(meta.at, SESSION_MAX_AGE_SECONDS / 60),
      revoked_at: null,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    });
    await recordAttempt(trx, 'login', account, meta, true);
    await recordAudit(trx, meta, {
      action: 'auth.login',
      actorUserId: user.id,
      targetType: 'session',
      targetId: sessionId,
    });
  });

  return {
    sessionToken,
    profile: profileOf({
      id: user.id,
      email: user.email,
      name: user.name,
      allFacilityAccess: fromFlag(user.all_facility_access),
      allPermissionAccess: fromFlag(user.all_permission_access),
    }),
    jwtAccess: await signToken(ctx, 'access', sessionId, user.id, ACCESS_TOKEN_TTL_SECONDS),
    jwtRefresh: await signToken(ctx, 'refresh', sessionId, user.id, REFRESH_TOKEN_TTL_SECONDS),
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
    const sessionId = await verifyToken(ctx, credentials.bearer, 'access');
    if (!sessionId) throw unauthorized(MESSAGES.sessionExpired);
    return liveSession(ctx, sessionId, questions);
  }
  if (credentials.sessionToken) {
    return liveSession(ctx, sha256(credentials.sessionToken), questions);
  }
  throw unauthorized(MESSAGES.notSignedIn);
}

/** A new `jwt_access` for a valid `jwt_refresh` of a live session. */
export async function refreshAccessToken(ctx: AppContext, refreshToken: string): Promise<string> {
  const sessionId = await verifyToken(ctx, refreshToken, 'refresh');
  if (!sessionId) throw unauthorized(MESSAGES.sessionExpired);
  const { user } = await liveSession(ctx, sessionId);
  return signToken(ctx, 'access', sessionId, user.id, ACCESS_TOKEN_TTL_SECONDS);
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
  if (idleMs >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, sessionId, toTimestamp(now));
    ctx.sessions.touched(sessionId, now);
  }
  return { sessionId, user: session.user, facts };
}

function signingKey(ctx: AppContext): Uint8Array {
  return new TextEncoder().encode(ctx.config.sessionSecret);
}

async function signToken(
  ctx: AppContext,
  typ: TokenType,
  sessionId: string,
  userId: string,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ sid: sessionId, typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setSubject(userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(signingKey(ctx));
}

/** The session id in a valid token of the given type, or undefined. */
async function verifyToken(
  ctx: AppContext,
  token: string,
  typ: TokenType,
): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(ctx), {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      currentDate: ctx.now(),
    });
    return payload.typ === typ && typeof payload.sid === 'string' ? payload.sid : undefined;
  } catch {
    return undefined;
  }
}
