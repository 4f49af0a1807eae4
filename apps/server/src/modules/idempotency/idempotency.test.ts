import { MESSAGES } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { describeEachDialect, TEST_START, useTestApp } from '../../test/harness.js';
import {
  claimIdempotencyKey,
  parseIdempotencyKey,
  requestHash,
  storedResponse,
} from './idempotency.service.js';

describe('idempotency keys and request hashes', () => {
  it('accepts 1–100 characters of A-Za-z0-9_- and explains anything else', () => {
    expect(parseIdempotencyKey('0b5c7a52-6a8e-4d0e-9a39-0f5a2b7c1d3e')).toBe(
      '0b5c7a52-6a8e-4d0e-9a39-0f5a2b7c1d3e',
    );
    expect(parseIdempotencyKey('x'.repeat(100))).toBe('x'.repeat(100));
    expect(() => parseIdempotencyKey(undefined)).toThrow(MESSAGES.idempotencyKeyMissing);
    for (const key of ['', 'x'.repeat(101), 'a b', 'a/b', ['a', 'b']]) {
      expect(() => parseIdempotencyKey(key)).toThrow(MESSAGES.idempotencyKeyInvalid);
    }
  });

  it('hashes equal requests equally whatever their key order, and binds the operation', () => {
    const a = requestHash('op', { b: [1, { y: 2, x: null }], a: 'text', skipped: undefined });
    const b = requestHash('op', { a: 'text', b: [1, { x: null, y: 2 }] });
    expect(a).toBe(b);
    expect(requestHash('other', { a: 'text', b: [1, { x: null, y: 2 }] })).not.toBe(a);
    expect(requestHash('op', { a: 'text', b: [{ x: null, y: 2 }, 1] })).not.toBe(a);
  });
});

describeEachDialect('idempotency records', (dialect) => {
  const t = useTestApp(dialect);
  const response = { statusCode: 200, body: { survey_id_list: ['s-1'] } };

  it('claims a key once per user and answers the stored response for the same request only', async () => {
    const claim = { userId: 'user-1', key: 'key-1', hash: 'hash-1', response, at: TEST_START };
    expect(await storedResponse(t.db, 'user-1', 'key-1', 'hash-1')).toBeUndefined();
    expect(await claimIdempotencyKey(t.db, claim)).toBe(true);
    expect(await claimIdempotencyKey(t.db, { ...claim, hash: 'hash-2' })).toBe(false);
    expect(await claimIdempotencyKey(t.db, { ...claim, userId: 'user-2' })).toBe(true);
    expect(await storedResponse(t.db, 'user-1', 'key-1', 'hash-1')).toEqual(response);
    await expect(storedResponse(t.db, 'user-1', 'key-1', 'hash-2')).rejects.toMatchObject({
      statusCode: 422,
      message: MESSAGES.idempotencyKeyReused,
    });
  });
});
