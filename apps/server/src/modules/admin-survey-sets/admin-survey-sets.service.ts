/**
 * Survey sets in the back office (DESIGN §8): the sets offered by the administrator's facilities,
 * a new set, a new name, and which facilities offer a set (what their Additional Surveys list
 * shows, modules/survey-sets). A new set gets an empty questionnaire, never published: the staff
 * screens show "No survey questions" for it until one is written and published in the builder
 * (modules/admin-questionnaires).
 *
 * The rules, for an administrator who does not hold every facility:
 * - they see and change only sets offered by at least one of their facilities (403 otherwise);
 * - they add or remove only their own facilities (403 for another); the set's other facilities
 *   stay as they are, whether the request lists them or not;
 * - renaming a set that another facility offers too is refused (403): its name is theirs too.
 * An administrator with all_facility_access sees and changes every set, offered anywhere or not.
 *
 * Every change is audited in its transaction: one event per facility concerned (each facility
 * that offers the set after the change, and each one it was taken from), so each facility's
 * audit log shows what happened to its list; a set offered nowhere gets one event without one.
 */
import {
  ADMIN_TEXT,
  MESSAGES,
  type AdminSurveySet,
  type CreateSurveySetRequest,
  type UpdateSurveySetRequest,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { forbidden, notFound, versionConflict } from '../../lib/http-error.js';
import { viewerOf } from '../access/access.repository.js';
import { requireFacility } from '../access/access.service.js';
import { insertSetQuestionnaire } from '../admin-questionnaires/admin-questionnaires.repository.js';
import { recordAudit, type AuditAction } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  assignSurveySet,
  facilityIdsOfSets,
  findSurveySetRow,
  insertSurveySet,
  listSurveySetsOf,
  setFacilitiesSeenBy,
  unassignSurveySet,
  updateSurveySetAtVersion,
} from './admin-survey-sets.repository.js';

const text = ADMIN_TEXT.surveySets;

/** The sets offered by the administrator's facilities (every set with all_facility_access). */
export async function listSurveySets(
  ctx: AppContext,
  user: SessionUser,
): Promise<AdminSurveySet[]> {
  const sets = await listSurveySetsOf(ctx.db, viewerOf(user), user.allFacilityAccess);
  const facilities = await facilityIdsOfSets(
    ctx.db,
    sets.map((set) => set.id),
  );
  return sets.map((set) => ({ ...set, facility_ids: facilities.get(set.id) ?? [] }));
}

/** 403 unless every facility is the user's (an unknown id is refused the same way). */
async function requireFacilities(
  db: Kysely<Database>,
  user: SessionUser,
  facilityIds: readonly string[],
): Promise<void> {
  for (const facilityId of facilityIds) await requireFacility(db, user, facilityId);
}

/** The audit events of a change: one per facility concerned, or one without any. */
async function auditSetChange(
  db: Kysely<Database>,
  meta: RequestMeta,
  action: AuditAction,
  surveySetId: string,
  facilityIds: readonly string[],
  detail: Record<string, string>,
): Promise<void> {
  const concerned = facilityIds.length > 0 ? [...new Set(facilityIds)].sort() : [undefined];
  for (const facilityId of concerned) {
    await recordAudit(db, meta, {
      action,
      targetType: 'survey_set',
      targetId: surveySetId,
      ...(facilityId === undefined ? {} : { facilityId }),
      detail,
    });
  }
}

/** Creates a set offered by the given facilities, each the administrator's (403); its id. */
export async function createSurveySet(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: CreateSurveySetRequest,
): Promise<string> {
  await requireFacilities(ctx.db, user, input.facility_ids);
  const id = newRowId(meta.at.getTime());
  await ctx.db.transaction().execute(async (trx) => {
    await insertSurveySet(trx, { id, name: input.name });
    await assignSurveySet(trx, id, input.facility_ids);
    // Its questionnaire, never published until written in the builder (ADR 017).
    await insertSetQuestionnaire(trx, {
      id: newRowId(meta.at.getTime()),
      name: input.name,
      surveySetId: id,
    });
    await auditSetChange(trx, meta, 'survey_set.created', id, input.facility_ids, {
      name: input.name,
      added: input.facility_ids.join(','),
    });
  });
  return id;
}

/**
 * Renames a set or changes which facilities offer it, under the rules at the top of this file:
 * 404 unknown, 403 not offered by any of the administrator's facilities, 403 renaming a set
 * another facility offers, 403 adding a facility that is not theirs, then 409 when `version` is
 * not the stored one. Nothing to change: no new version, no audit event.
 */
export async function updateSurveySet(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  surveySetId: string,
  input: UpdateSurveySetRequest,
): Promise<AdminSurveySet> {
  const viewer = viewerOf(user);
  return ctx.db.transaction().execute(async (trx) => {
    const set = await findSurveySetRow(trx, surveySetId);
    if (!set) throw notFound(MESSAGES.surveySetNotFound);
    const offeredBy = await setFacilitiesSeenBy(trx, viewer, set.id);
    const current = offeredBy.map((entry) => entry.facilityId);
    const held = new Set(offeredBy.filter((entry) => entry.visible).map((e) => e.facilityId));
    if (!user.allFacilityAccess && held.size === 0) {
      throw forbidden(MESSAGES.surveySetForbidden);
    }

    const rename = input.name !== undefined && input.name !== set.name ? input.name : undefined;
    if (rename !== undefined && held.size < current.length) {
      throw forbidden(text.renameForbidden);
    }
    const requested = input.facility_ids ?? current;
    const added = requested.filter((facilityId) => !current.includes(facilityId));
    // Only the administrator's own facilities can be taken away; the others stay.
    const removed = current.filter(
      (facilityId) => held.has(facilityId) && !requested.includes(facilityId),
    );
    await requireFacilities(trx, user, added);
    if (set.version !== input.version) throw versionConflict();

    const facilityIds = [...current.filter((id) => !removed.includes(id)), ...added].sort();
    if (rename === undefined && added.length === 0 && removed.length === 0) {
      return { ...set, facility_ids: facilityIds };
    }
    if (!(await updateSurveySetAtVersion(trx, set.id, input.version, rename))) {
      throw versionConflict();
    }
    await assignSurveySet(trx, set.id, added);
    await unassignSurveySet(trx, set.id, removed);
    await auditSetChange(trx, meta, 'survey_set.updated', set.id, [...facilityIds, ...removed], {
      name: rename ?? set.name,
      ...(rename === undefined ? {} : { previous_name: set.name }),
      ...(added.length > 0 ? { added: added.join(',') } : {}),
      ...(removed.length > 0 ? { removed: removed.join(',') } : {}),
    });
    return {
      id: set.id,
      name: rename ?? set.name,
      facility_ids: facilityIds,
      version: set.version + 1,
    };
  });
}
