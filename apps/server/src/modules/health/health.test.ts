import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect, type TestApp } from '../../test/harness.js';

describeEachDialect('health', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers ok after a database round trip', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('when the database is gone', () => {
    it('answers 503 unavailable', async () => {
      await t.db.destroy();
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    });
  });
});
