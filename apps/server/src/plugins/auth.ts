/**
 * Sessions on the HTTP side (see modules/auth/auth.service.ts for the design): cookies, and the
 * guard that applies each endpoint's access rule from the shared ENDPOINTS table, so a route
 * declares its rule once by spreading `endpoint(name)` into its options.
 */
import cookie from '@fastify/cookie';
import { IdSchema, type UserProfile } from '@carevoice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROFILE_COOKIE, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../constants.js';
import { isHttps, type Config } from '../env.js';
import { endpointDef, isApiPath } from '../lib/http.js';
import {
  assertFacilityVisible,
  assertPermission,
  assertSameUser,
  requireFacilityAccess,
} from '../modules/access/access.service.js';
import { authenticate, type AuthContext } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session on non-public endpoints (set by the guard), otherwise null. */
    auth: AuthContext | null;
  }
}

function cookieOptions(config: Config, httpOnly: boolean) {
  return {
    httpOnly,
    sameSite: 'lax',
    path: '/',
    secure: isHttps(config),
    maxAge: SESSION_MAX_AGE_SECONDS,
  } as const;
}

/**
 * `cv_session`: the httpOnly credential. `token`: the spec's script-readable cookie, holding
 * encodeURIComponent(JSON profile) (the cookie serializer does the encoding) and no secret.
 */
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

function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

export default fp(
  async function authPlugin(app) {
    await app.register(cookie);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url) && !route.config?.endpoint) {
        throw new Error(`${route.method} ${route.url}: declare API routes with endpoint(name)`);
      }
    });

    // 401 before anything else is looked at; 403 when the rule's permission is missing. The
    // session lookup also answers whether the user holds that permission and, for a
    // `:facilityId` in the path, whether that facility is the user's: one query, not three.
    app.addHook('onRequest', async (request) => {
      const name = request.routeOptions.config.endpoint;
      if (!name) return;
      const { access } = endpointDef(name);
      if (access.kind === 'public') return;
      const facilityId = (request.params as Record<string, unknown> | undefined)?.facilityId;
      request.auth = await authenticate(
        app.ctx,
        { bearer: bearerToken(request), sessionToken: request.cookies[SESSION_COOKIE] },
        access.kind === 'facility'
          ? {
              permission: access.permission,
              // Only a well-formed id is looked up; anything else fails validation (400) next.
              facilityId: IdSchema.safeParse(facilityId).success ? String(facilityId) : undefined,
            }
          : undefined,
      );
      if (access.kind === 'facility') {
        assertPermission(
          request.auth.user,
          access.permission,
          request.auth.facts.permissionGranted ?? false,
        );
      }
    });

    // After validation: ids in the path or body must be the user's own and in the user's scope.
    app.addHook('preHandler', async (request) => {
      const name = request.routeOptions.config.endpoint;
      if (!name || !request.auth) return;
      const def = endpointDef(name);
      const { user, facts } = request.auth;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (def.userIdParam) assertSameUser(user, params[def.userIdParam]);
      if (def.userIdField) assertSameUser(user, body[def.userIdField]);
      if (def.access.kind === 'facility') {
        const facilityId = params.facilityId ?? body.facility_id;
        if (typeof facilityId === 'string') {
          if (facts.facility?.id === facilityId) assertFacilityVisible(user, facts.facility);
          else await requireFacilityAccess(app.ctx.db, user, facilityId);
        }
      }
    });
  },
  { name: 'auth' },
);
