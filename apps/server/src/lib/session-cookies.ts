/**
 * The two session cookies (ADR 002). `cv_session`: the httpOnly credential. `token`: the spec's
 * script-readable cookie, holding encodeURIComponent(JSON profile) (the cookie serializer does
 * the encoding) and no secret.
 */
import { PROFILE_COOKIE, type UserProfile } from '@carevoice/shared';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../constants.js';
import { isHttps, type Config } from '../env.js';

function cookieOptions(config: Config, httpOnly: boolean) {
  return {
    httpOnly,
    sameSite: 'lax',
    path: '/',
    secure: isHttps(config),
    maxAge: SESSION_MAX_AGE_SECONDS,
  } as const;
}

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  sessionToken: string,
  profile: UserProfile,
): void {
  reply.setCookie(SESSION_COOKIE, sessionToken, cookieOptions(config, true));
  reply.setCookie(PROFILE_COOKIE, JSON.stringify(profile), cookieOptions(config, false));
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const { maxAge: _maxAge, ...options } = cookieOptions(config, true);
  reply.clearCookie(SESSION_COOKIE, options);
  reply.clearCookie(PROFILE_COOKIE, { ...options, httpOnly: false });
}
