/**
 * The two session cookies (ADR 002), and the known-device cookie (ADR 048). `cv_session`: the httpOnly credential. `token`: the spec's
 * script-readable cookie, holding encodeURIComponent(JSON profile) (the cookie serializer does
 * the encoding) and no secret.
 */
import { PROFILE_COOKIE, type UserProfile } from '@carevoice/shared';
import type { FastifyReply } from 'fastify';
import { DEVICE_COOKIE, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../constants.js';
import { isHttps, type Config } from '../env.js';
import { sha256 } from './crypto.js';

/** A browser keeps a cookie at most this long (RFC 6265bis): the server forgets devices sooner. */
const LONGEST_COOKIE_SECONDS = 400 * 24 * 60 * 60;

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

/** Makes the browser a known device (ADR 048): the token whose sha256 is its `known_devices` row. */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...cookieOptions(config, true),
    path: '/api/',
    maxAge: LONGEST_COOKIE_SECONDS,
  });
}

/** The `known_devices` id of a `cv_device` cookie (only a token of the shape we issue). */
export function deviceIdOf(token: string | undefined): string | null {
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? sha256(token) : null;
}
