import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import { sendJsonText, type JsonText } from '../lib/http.js';
import { describeEachDialect, useTestApp } from '../test/harness.js';

/**
 * Test-only routes that borrow the `me` endpoint (its rule and its declared answer) and answer
 * in or out of its shape, as an object and as JSON text written ahead (db/json-rows.ts), which
 * the serializer never sees.
 */
function answeringRoutes(app: FastifyInstance) {
  const profile = {
    all_facility_access: false,
    all_permission_access: false,
    sf_user_id: 'user-1',
    name: 'Sam',
    email: 'sam@carevoice.test',
    idle_lock_minutes: 5,
    pin_set: false,
  };
  const routes: [string, (reply: Parameters<typeof sendJsonText>[0]) => unknown][] = [
    ['/check-test/object-ok', () => profile],
    ['/check-test/text-ok', (reply) => sendJsonText(reply, JSON.stringify(profile) as JsonText)],
    [
      '/check-test/text-off',
      (reply) => sendJsonText(reply, JSON.stringify({ ...profile, sf_user_id: null }) as JsonText),
    ],
  ];
  for (const [url, answer] of routes) {
    app.get(url, { config: { endpoint: 'me' }, handler: async (_request, reply) => answer(reply) });
  }
}

describeEachDialect('response check', (dialect) => {
  const t = useTestApp(dialect, { seed: true, extend: answeringRoutes });

  it('lets an answer in its declared shape through, as an object or as JSON text', async () => {
    const { headers } = await t.login('staff@carevoice.test');
    for (const url of ['/check-test/object-ok', '/check-test/text-ok']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('turns JSON text out of its declared shape into a 500 that names the difference', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { headers } = await t.login('staff@carevoice.test');
    const text = await t.app.inject({ method: 'GET', url: '/check-test/text-off', headers });
    expect(text.statusCode).toBe(500);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('sf_user_id'));
  });

  it('checks error answers against the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/check-test/object-ok' });
    expect(response.statusCode).toBe(401);
    expect(Object.keys(response.json())).toEqual(['detail']);
  });
});
