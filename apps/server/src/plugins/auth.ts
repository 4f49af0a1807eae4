/**
 * Sessions on the HTTP side (see modules/auth/auth.service.ts for the design): the cookie
 * parser (the cookies themselves: lib/session-cookies.ts), and the guard that applies each endpoint's access rule from the shared ENDPOINTS table, so a route
 * declares its rule once by spreading `endpoint(name)` into its options.
 */
import cookie from '@fastify/cookie';
import { IdSchema, type EndpointDef } from '@carevoice/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../constants.js';
import { endpointDef, hookList, isApiPath } from '../lib/http.js';
import {
  assertAllAccess,
  assertFacilityVisible,
  assertPermission,
  assertSameUser,
  assertSecondFactor,
  requireFacility,
} from '../modules/access/access.service.js';
import { authenticate, type AuthContext } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session on non-public endpoints (set by the guard), otherwise null. */
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * onRequest: 401 before anything else is looked at; 403 when the rule's permission is missing.
 * The session lookup also answers whether the user holds that permission and, for a
 * `:facilityId` in the path, whether that facility is the user's: one query, not three (and
 * none while the session cache holds the answers).
 */
function sessionGuard(app: FastifyInstance, def: EndpointDef) {
  const { access } = def;
  return async function guardSession(request: FastifyRequest): Promise<void> {
    const credentials = {
      bearer: bearerToken(request),
      sessionToken: request.cookies[SESSION_COOKIE],
    };
    if (access.kind === 'session' || access.kind === 'public') {
      request.auth = await authenticate(app.ctx, credentials);
      return;
    }
    if (access.kind === 'permission') {
      request.auth = await authenticate(app.ctx, credentials, { permission: access.permission });
      assertPermission(
        request.auth.user,
        access.permission,
        request.auth.facts.permissionGranted ?? false,
      );
      assertSecondFactor(app.ctx.config, request.auth.user, access.permission);
      if (access.allAccess) assertAllAccess(request.auth.user);
      return;
    }
    const facilityId = (request.params as Record<string, unknown> | undefined)?.facilityId;
    request.auth = await authenticate(app.ctx, credentials, {
      permission: access.permission,
      // Only a well-formed id is looked up; anything else fails validation (400) next.
      facilityId: IdSchema.safeParse(facilityId).success ? String(facilityId) : undefined,
    });
    assertPermission(
      request.auth.user,
      access.permission,
      request.auth.facts.permissionGranted ?? false,
    );
    assertSecondFactor(app.ctx.config, request.auth.user, access.permission);
  };
}

/** preHandler, after validation: ids in the path or body must be the user's own and in scope. */
function scopeGuard(app: FastifyInstance, def: EndpointDef) {
  return async function guardScope(request: FastifyRequest): Promise<void> {
    if (!request.auth) return;
    const { user, facts } = request.auth;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (
      typeof request.body === 'object' && request.body !== null ? request.body : {}
    ) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (def.userIdParam) assertSameUser(user, params[def.userIdParam]);
    if (def.userIdField) assertSameUser(user, body[def.userIdField]);
    if (def.access.kind === 'facility') {
      const facilityId = params.facilityId ?? query.facility_id ?? body.facility_id;
      if (typeof facilityId === 'string') {
        if (facts.facility?.id === facilityId) assertFacilityVisible(facts.facility.visible);
        else await requireFacility(app.ctx.db, user, facilityId);
      }
    }
  };
}

export default fp(
  async function authPlugin(app) {
    await app.register(cookie);
    app.decorateRequest('auth', null);

    // Each API route gets the guard of its rule as route hooks, made once with the rule in hand
    // (no per-request lookup of the route's endpoint). Route hooks run after the instance's.
    app.addHook('onRoute', (route) => {
      const name = route.config?.endpoint;
      if (!name) {
        if (isApiPath(route.url)) {
          throw new Error(`${route.method} ${route.url}: declare API routes with endpoint(name)`);
        }
        return;
      }
      const def = endpointDef(name);
      if (def.access.kind === 'public') return;
      route.onRequest = [...hookList(route.onRequest), sessionGuard(app, def)];
      route.preHandler = [...hookList(route.preHandler), scopeGuard(app, def)];
    });
  },
  { name: 'auth' },
);
