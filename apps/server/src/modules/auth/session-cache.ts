/**
 * The session lookup of every request, kept in memory between writes (ADR 011). An entry holds
 * a session as the database has it (parsed once) and, per access question (permission and
 * facility), the answers; all of it is dropped when the change counter moves, which any write to
 * a session's revocation or expiry, the users, their grants or the facilities does. The caller
 * applies every rule (revoked, inactive, expired, idle) on every request, with the request's own
 * clock. `last_seen_at`, which the counter ignores, is kept current here when the server writes
 * it.
 *
 * What it saves, measured (docs/performance.md, ADR 011): the lookup's statement on every
 * request between writes; with the response cache it took `me/` from 167 to 69 µs of CPU.
 *
 * What a reader must not break: only the database's answers are kept, never a decision; every
 * rule still runs on each request (auth.service.ts, liveSession).
 */
import type { Kysely } from 'kysely';
import { SESSION_CACHE_LIMITS } from '../../constants.js';
import type { ChangeCounter } from '../../db/change-counter.js';
import type { Database } from '../../db/database.js';
import { fromBool, fromFlag, fromTimestamp } from '../../db/values.js';
import { GenerationCache } from '../../lib/generation-cache.js';
import { findSessionWithUser, type AccessQuestions, type SessionRow } from './auth.repository.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  allFacilityAccess: boolean;
  allPermissionAccess: boolean;
  /** Whether the user signs in with a second factor. */
  mfaEnabled: boolean;
}

/** A session as the access rules read it. */
export interface SessionState {
  id: string;
  user: SessionUser;
  revoked: boolean;
  /** Whether the user's account is active. */
  userActive: boolean;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

/** What the session lookup found out about the AccessQuestions it was asked. */
export interface AccessFacts {
  /** Whether a `user_permissions` row grants the permission asked about. */
  permissionGranted?: boolean;
  /** The facility asked about, and whether the user may see it. */
  facility?: { id: string; visible: boolean };
}

interface Entry {
  session: SessionState;
  /** Answers to access questions, by `questionKey`. */
  facts: Map<string, AccessFacts>;
}

function questionKey(questions: AccessQuestions | undefined): string {
  return questions ? `${questions.permission}\0${questions.facilityId ?? ''}` : '';
}

function sessionOf(row: SessionRow): SessionState {
  return {
    id: row.session_id,
    user: {
      id: row.user_id,
      email: row.email,
      name: row.name,
      allFacilityAccess: fromFlag(row.all_facility_access),
      allPermissionAccess: fromFlag(row.all_permission_access),
      mfaEnabled: fromBool(row.mfa_enabled),
    },
    revoked: row.revoked_at !== null,
    userActive: fromFlag(row.active),
    expiresAtMs: fromTimestamp(row.expires_at).getTime(),
    lastSeenAtMs: fromTimestamp(row.last_seen_at).getTime(),
  };
}

function factsOf(row: SessionRow, questions: AccessQuestions | undefined): AccessFacts {
  if (!questions) return {};
  const facts: AccessFacts = { permissionGranted: fromBool(row.permission_granted) };
  if (questions.facilityId !== undefined) {
    facts.facility = { id: questions.facilityId, visible: fromBool(row.facility_visible) };
  }
  return facts;
}

export class SessionCache {
  private readonly entries = new GenerationCache<Entry>({
    maxEntries: SESSION_CACHE_LIMITS.maxSessions,
  });

  /** When a request of this process last claimed the write of a session's `last_seen_at`. */
  private readonly touchClaims = new Map<string, number>();

  constructor(private readonly counter: ChangeCounter) {}

  /** The session with the answers to `questions`, as the database has them now. */
  async find(
    db: Kysely<Database>,
    sessionId: string,
    questions?: AccessQuestions,
  ): Promise<{ session: SessionState; facts: AccessFacts } | undefined> {
    // PostgreSQL: first a count that shows every commit made before this request. The response
    // cache (plugins/response-cache.ts), which runs after the guard's lookup, relies on it too.
    if (this.counter.sync) await this.counter.sync();
    const generation = this.counter.current();
    const key = questionKey(questions);
    const entry = generation === undefined ? undefined : this.entries.get(sessionId, generation);
    const cached = entry?.facts.get(key);
    if (entry && cached) return { session: entry.session, facts: cached };

    const row = await findSessionWithUser(db, sessionId, questions);
    if (!row) return undefined;
    const session = sessionOf(row);
    const facts = factsOf(row, questions);
    if (generation !== undefined) {
      if (entry && entry.facts.size < SESSION_CACHE_LIMITS.maxAnswersPerSession) {
        entry.facts.set(key, facts);
      } else {
        this.entries.set(sessionId, { session, facts: new Map([[key, facts]]) }, generation);
      }
    }
    return { session, facts };
  }

  /**
   * Whether this request is the one to write the session's `last_seen_at`: false while another
   * request of this process claimed it less than `intervalMs` ago. Requests of one session that
   * arrive together would otherwise all find it stale and each write it (the bench's 50
   * connections wrote it 50 times a minute), and on PostgreSQL each commit moves the change
   * count, so every cached answer was computed again as many times.
   */
  claimTouch(sessionId: string, atMs: number, intervalMs: number): boolean {
    const claimed = this.touchClaims.get(sessionId);
    if (claimed !== undefined && atMs - claimed < intervalMs && atMs >= claimed) return false;
    if (this.touchClaims.size >= SESSION_CACHE_LIMITS.maxSessions) this.touchClaims.clear();
    this.touchClaims.set(sessionId, atMs);
    return true;
  }

  /** The claimed write failed: the next request may try again. */
  releaseTouch(sessionId: string): void {
    this.touchClaims.delete(sessionId);
  }

  /** The server wrote `last_seen_at` of the session. */
  touched(sessionId: string, at: Date): void {
    const generation = this.counter.current();
    if (generation === undefined) return;
    const entry = this.entries.get(sessionId, generation);
    if (entry) entry.session.lastSeenAtMs = at.getTime();
  }
}
