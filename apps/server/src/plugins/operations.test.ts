/**
 * The operator's toolbox: `/metrics` (off without METRICS_TOKEN, then only with it as a bearer
 * token) and `/api/docs` (the OpenAPI description made from the endpoint table).
 */
import {
  API_BASE,
  ENDPOINTS,
  RESULTS_FACILITIES_MAX,
  type EndpointDef,
  type EndpointName,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiPath } from '../lib/openapi.js';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { MAPLE } from '../test/survey-kit.js';

const TOKEN = 'metrics-token-'.padEnd(40, 'x');

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp('sqlite', { seed: true });

  it('is not there', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/http_requests_total|nodejs_/);
    }
  });
});

describeEachDialect('GET /metrics with METRICS_TOKEN', (dialect) => {
  const t = useTestApp(dialect, { seed: true, config: { metricsToken: TOKEN } });

  it('answers only the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toMatch(/http_requests_total/);
    }
  });

  it('counts requests by route pattern, with latencies, the database pool, queues and event-loop lag', async () => {
    const who = await t.login('manager@carevoice.test');
    await t.app.inject({ method: 'GET', url: `${API_BASE}/users/me/`, headers: who.headers });
    await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/get-unlisted-patients/${MAPLE}/Abbott/`,
      headers: who.headers,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/users\/me\/",status="200"\} 1/,
    );
    expect(text).toContain('route="/api/v1/users/get-unlisted-patients/:facilityId/:searchText/"');
    expect(text).not.toContain('Abbott');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET"/);
    expect(text).toMatch(/carevoice_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/carevoice_queue_size\{queue="mail"\} 0/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });
});

describe('GET /api/docs', () => {
  const t = useTestApp('sqlite', {});
  const names = Object.keys(ENDPOINTS) as EndpointName[];

  it('serves the OpenAPI 3 description as JSON, public', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<ReturnType<typeof openApiDocument>>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
  });

  it('serves a browsable page whose scripts the page’s own CSP allows', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode, JSON.stringify(page.headers)).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);
  });

  it.each(names)('%s has its path, parameters, body and answer schemas', (name) => {
    const def: EndpointDef = ENDPOINTS[name];
    const operation = openApiDocument().paths[openApiPath(def.path)]?.[def.method.toLowerCase()] as
      Record<string, unknown> | undefined;
    expect(operation, 'the operation').toBeDefined();
    const parameters = (operation?.parameters ?? []) as { name: string; in: string }[];
    const pathParams = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
    expect(
      parameters
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort(),
    ).toEqual(pathParams.sort());
    for (const key of Object.keys(def.query?.shape ?? {})) {
      expect(parameters.map((p) => p.name)).toContain(key);
    }
    const body = (operation?.requestBody as { content?: Record<string, { schema: object }> })
      ?.content;
    if (def.body) {
      const schema = Object.values(body ?? {})[0]?.schema ?? {};
      expect(Object.keys(schema).length, 'a request body schema').toBeGreaterThan(0);
    } else {
      expect(body).toBeUndefined();
    }
    const responses = operation?.responses as Record<
      string,
      { content: Record<string, { schema: Record<string, unknown> }> }
    >;
    const success = Object.values(responses[String(def.status ?? 200)]?.content ?? {})[0];
    expect(Object.keys(success?.schema ?? {}).length, 'an answer schema').toBeGreaterThan(0);
    expect(responses.default).toBeDefined();
  });

  it.each(names)('%s needs a session unless the endpoint table makes it public', (name) => {
    const def: EndpointDef = ENDPOINTS[name];
    const document = openApiDocument();
    const operation = document.paths[openApiPath(def.path)]?.[def.method.toLowerCase()];
    const security = operation?.security ?? document.security;
    if (def.access.kind === 'public') expect(security).toEqual([]);
    else expect(security).toEqual([{ session: [] }, { bearer: [] }]);
  });

  it('states a format for every integer and one list for a repeatable query parameter', () => {
    const text = JSON.stringify(openApiDocument());
    expect(text).toContain('"type":"integer"');
    expect(text).not.toMatch(/"type":"integer"(?![^{}]*"format":"int(32|64)")/);
    const summary = openApiDocument().paths[openApiPath(ENDPOINTS.resultsSummary.path)]?.get as {
      parameters: { name: string; schema: Record<string, unknown> }[];
    };
    const facility = summary.parameters.find((parameter) => parameter.name === 'facility_id');
    expect(facility?.schema).toMatchObject({ type: 'array', maxItems: RESULTS_FACILITIES_MAX });
  });
});
