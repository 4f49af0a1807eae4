import { describe, expect, it } from 'vitest';
import { apiPath, ENDPOINTS, type EndpointDef, type EndpointName } from './endpoints.js';

const entries = Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][];

describe('ENDPOINTS', () => {
  it.each(entries)('%s: its params schema names exactly the parameters of its path', (_, def) => {
    const inPath = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
    expect(Object.keys(def.params?.shape ?? {}).sort()).toEqual(inPath);
  });

  it.each(entries)(
    '%s: a body only on POST or PATCH, a cache scope (per day only with one) only on a GET behind a session',
    (_, def) => {
      if (def.body) expect(def.method).not.toBe('GET');
      if (def.bodyType === 'csv') expect(def.body).toBeDefined();
      if (def.responseType === 'csv') expect(def.method).toBe('GET');
      // A query filters a list, or (a CSV import's `dry_run`) says what to do with the file.
      if (def.query) expect(def.method === 'GET' || def.bodyType === 'csv').toBe(true);
      if (def.status === 201) expect(def.method).toBe('POST');
      if (def.cache) {
        expect(def.method).toBe('GET');
        expect(def.access.kind).not.toBe('public');
      }
      // Kept per day only where it is kept at all.
      if (def.cachePerDay) expect(def.cache).toBeDefined();
    },
  );

  // A facility-wide answer is shared by every user the guard lets through for that facility:
  // the facility must be in the path, where the guard checks it.
  it.each(entries.filter(([, def]) => def.cache === 'facility'))(
    '%s: an answer shared per facility has the facility in its path and a facility rule',
    (_, def) => {
      expect(def.path).toContain(':facilityId');
      expect(def.access.kind).toBe('facility');
    },
  );

  it('builds URLs with encoded parameters and a trailing slash', () => {
    expect(apiPath('surveyList', { facilityId: 'f 1', surveyType: 'Admission' })).toBe(
      '/api/v1/users/facility-survey-patients/f%201/Admission/',
    );
    expect(() => apiPath('surveyList', { facilityId: 'f' })).toThrow(/surveyType/);
  });

  it('adds a query without empty values, repeating a list', () => {
    expect(apiPath('me', {}, { q: 'a b', cursor: undefined, active: true, f: ['1', '2'] })).toBe(
      '/api/v1/users/me/?q=a%20b&active=true&f=1&f=2',
    );
    expect(apiPath('me', {}, { q: '', cursor: null })).toBe('/api/v1/users/me/');
  });
});
