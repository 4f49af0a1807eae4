import SQLite from 'better-sqlite3';
import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error.js';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const postgresError = (code: string) =>
  Object.assign(new DatabaseError('server said no', 0, 'error'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['SQLite busy past busy_timeout', new SQLite.SqliteError('database is locked', 'SQLITE_BUSY')],
    ['SQLite busy snapshot', new SQLite.SqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT')],
    ['SQLite locked table', new SQLite.SqliteError('table is locked', 'SQLITE_LOCKED')],
    ['SQLite locked shared cache', new SQLite.SqliteError('locked', 'SQLITE_LOCKED_SHAREDCACHE')],
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')],
    ['connection reset', withCode('ECONNRESET')],
    ['connect timed out', withCode('ETIMEDOUT')],
    ['host unreachable', withCode('EHOSTUNREACH')],
    ['database host not resolvable', withCode('ENOTFOUND')],
    ['PostgreSQL shutting down (57P01)', postgresError('57P01')],
    ['PostgreSQL crashed (57P02)', postgresError('57P02')],
    ['PostgreSQL starting up (57P03)', postgresError('57P03')],
    ['PostgreSQL connection failure (08006)', postgresError('08006')],
    ['PostgreSQL unable to connect (08001)', postgresError('08001')],
    ['PostgreSQL too many connections (53300)', postgresError('53300')],
    ['PostgreSQL database not accepting connections (55000)', postgresError('55000')],
    ['PostgreSQL database renamed or dropped (3D000)', postgresError('3D000')],
    ['pg-pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg connection lost', new Error('Connection terminated unexpectedly')],
    [
      'pg client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'refusal of every address of a host (AggregateError)',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {
        code: undefined,
      }),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('counts %s as unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a SQLite constraint violation', new SQLite.SqliteError('UNIQUE failed', 'SQLITE_CONSTRAINT')],
    ['a SQLite syntax error', new SQLite.SqliteError('near "x"', 'SQLITE_ERROR')],
    ['a SQLite read-only file', new SQLite.SqliteError('readonly', 'SQLITE_READONLY')],
    ['a PostgreSQL unique violation (23505)', postgresError('23505')],
    ['a PostgreSQL missing table (42P01)', postgresError('42P01')],
    ['a PostgreSQL serialization failure (40001)', postgresError('40001')],
    ['a PostgreSQL protocol violation (08P01)', postgresError('08P01')],
    ['a refusal of the request', new HttpError(400, 'Connection terminated')],
    ['a coded error with a pg-like message', withCode('ERR_X', 'Connection terminated')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not count %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('returns false for an error that is its own cause instead of looping', () => {
    const cyclic: Error & { cause?: unknown } = new Error('outer');
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
