import { IdSchema } from '@carevoice/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { SetSurveyFlowStateSchema, SurveyFlowStateSchema } from '@/lib/flow-state';
import {
  parseStored,
  readRaw,
  removeStored,
  subscribeToStorage,
  writeStored,
  type SurveyStorageKey,
} from '@/lib/storage';
import {
  DraftFieldsSchema,
  ResidentDraftSchema,
  SetDraftSchema,
  type Draft,
  type DraftKind,
  type ResidentDraft,
  type SetDraft,
} from './draft';

/**
 * The one module that keeps drafts on the tablet (DESIGN §6, ADR 006). A survey screen holds its
 * draft in React (`useSurveyDraft`), writes it here after each change and reads it here once, when
 * it opens; Home reads what is kept here to offer "Continue" and count what has not been sent.
 * One draft of each kind, under the spec's keys; starting another survey of a kind replaces it.
 */
const STORAGE_KEYS = {
  resident: 'surveyAnswers',
  set: 'surveySetAnswers',
} as const satisfies Record<DraftKind, SurveyStorageKey>;

/** The shape written now. Drafts of an older version are read and brought up to date. */
const STORED_VERSION = 2;

/**
 * Version 1, kept by the releases before drafts had one reducer: no `kind` (the key told it), the
 * stage 'questions', 'employees' or 'confirm', and a survey set's flow with the spec's
 * `facility_id`. Read so that no interview in progress on a tablet is lost by an update.
 */
const Version1StageSchema = z.enum(['questions', 'employees', 'confirm']);

const ResidentVersion1Schema = DraftFieldsSchema.extend({
  version: z.literal(1),
  flow: SurveyFlowStateSchema,
  stage: Version1StageSchema,
}).transform(({ version: _version, stage, ...draft }): ResidentDraft => ({
  ...draft,
  kind: 'resident',
  // A resident survey never asked for confirmation; 'confirm' would be at its last question.
  stage: stage === 'employees' ? 'employees' : 'questions',
}));

const SetVersion1Schema = DraftFieldsSchema.extend({
  version: z.literal(1),
  flow: SetSurveyFlowStateSchema.omit({ facilityId: true }).extend({ facility_id: IdSchema }),
  stage: Version1StageSchema,
}).transform(({ version: _version, flow: { facility_id, ...flow }, ...draft }): SetDraft => ({
  ...draft,
  kind: 'set',
  flow: { ...flow, facilityId: facility_id },
}));

const STORED_SCHEMAS = {
  resident: z.union([
    ResidentDraftSchema.extend({ version: z.literal(STORED_VERSION) }).transform(
      ({ version: _version, ...draft }): ResidentDraft => draft,
    ),
    ResidentVersion1Schema,
  ]),
  set: z.union([
    SetDraftSchema.extend({ version: z.literal(STORED_VERSION) }).transform(
      ({ version: _version, ...draft }): SetDraft => draft,
    ),
    SetVersion1Schema,
  ]),
};

/**
 * Drafts the browser refused to keep (storage full or turned off), held for the life of the page
 * so that moving between a survey's screens loses nothing; the person is told not to reload.
 */
const unsaved = new Map<DraftKind, Draft>();

/**
 * Several users' drafts of one kind (a shared tablet, ADR 025): each user's survey in progress
 * stays theirs when someone else signs in and starts one. One draft alone keeps the single shape.
 */
const ManyDraftsSchema = z.object({ version: z.literal(3), drafts: z.array(z.unknown()) });

/** Every draft of this kind kept on the tablet, of every user. */
function keptDrafts(kind: DraftKind, raw: string | null): Draft[] {
  const many = parseStored(raw, ManyDraftsSchema);
  const items: unknown[] = many ? many.drafts : [parseStored(raw, z.unknown())];
  return items.flatMap((item) => {
    const parsed = STORED_SCHEMAS[kind].safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function parseDraft(kind: DraftKind, raw: string | null, userId: string): Draft | undefined {
  return keptDrafts(kind, raw).find(
    (draft) => draft.userId === userId && draft.stage !== 'submitted',
  );
}

/** Writes the drafts of one kind: the single shape for one, the list for several. */
function writeDrafts(kind: DraftKind, drafts: readonly Draft[]): boolean {
  const key = STORAGE_KEYS[kind];
  const [only, ...more] = drafts;
  if (!only) {
    removeStored(key);
    return true;
  }
  if (more.length === 0) return writeStored(key, { version: STORED_VERSION, ...only });
  return writeStored(key, {
    version: 3,
    drafts: drafts.map((draft) => ({ version: STORED_VERSION, ...draft })),
  });
}

/** The drafts of this kind of users other than `userId`. */
function othersDrafts(kind: DraftKind, userId: string): Draft[] {
  return keptDrafts(kind, readRaw(STORAGE_KEYS[kind])).filter((draft) => draft.userId !== userId);
}

/** The user's draft of this kind, as kept on the tablet (read once, when a survey screen opens). */
export function readDraft(kind: DraftKind, userId: string): Draft | undefined {
  const kept = unsaved.get(kind);
  if (kept?.userId === userId) return kept;
  return parseDraft(kind, readRaw(STORAGE_KEYS[kind]), userId);
}

/**
 * Keeps a draft after a change; a submitted one (sent, or queued to be sent) is removed. Returns
 * false when the browser refused to store it.
 */
export function saveDraft(draft: Draft): boolean {
  if (draft.stage === 'submitted') {
    removeDraft(draft.kind, draft.userId);
    return true;
  }
  const saved = writeDrafts(draft.kind, [...othersDrafts(draft.kind, draft.userId), draft]);
  if (saved) unsaved.delete(draft.kind);
  else unsaved.set(draft.kind, draft);
  return saved;
}

/** Throws the user's draft of this kind away (Discard on Home, or submitted). */
export function removeDraft(kind: DraftKind, userId: string): void {
  if (unsaved.get(kind)?.userId === userId) unsaved.delete(kind);
  writeDrafts(kind, othersDrafts(kind, userId));
}

/** Home: the user's draft of this kind kept on the tablet, kept up to date with the storage. */
export function useStoredDraft(kind: DraftKind, userId: string): Draft | undefined {
  const raw = useSyncExternalStore(subscribeToStorage, () => readRaw(STORAGE_KEYS[kind]));
  return useMemo(() => parseDraft(kind, raw, userId), [kind, raw, userId]);
}
