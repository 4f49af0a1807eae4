/**
 * Reads a running own server's SQLite database (own-server.ts) through the built server's
 * connection module: what a test cannot see through the API, such as the mails waiting in the
 * durable outbox (ADR 023). WAL lets it read while the server writes.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';

const dist = path.resolve(import.meta.dirname, '../../apps/server/dist');

/** The columns the tests read (the server's table types live in its source). */
export interface E2eDatabase {
  mail_outbox: {
    id: string;
    event: string;
    recipient: string;
    subject: string;
    text: string;
    next_attempt_at: string;
    sent_at: string | null;
  };
  employees: {
    id: string;
    facility_id: string;
    code: string;
    name: string;
    department: string;
    position: string;
    active: number;
    email: string | null;
  };
}

interface ConnectModule {
  connect(options: { sqliteFile: string }): { db: Kysely<E2eDatabase>; close(): Promise<void> };
}

export async function withDatabase<T>(
  dataDir: string,
  read: (db: Kysely<E2eDatabase>) => Promise<T>,
): Promise<T> {
  const { connect } = (await import(
    pathToFileURL(path.join(dist, 'db/connect.js')).href
  )) as ConnectModule;
  const handle = connect({ sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}
