/**
 * The first-run checklist's counts (ADR 051): over the administrator's own facilities that are
 * not archived (the ones they can choose from), so an administrator of one facility sees their
 * facility's progress and one of every facility the install's.
 */
import type { AdminSetup } from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { listVisibleFacilities, viewerOf } from '../access/access.repository.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  countEmployees,
  countQuestionnairesPublished,
  countResidents,
  countStaff,
} from './admin-setup.repository.js';

export async function setupProgress(ctx: AppContext, user: SessionUser): Promise<AdminSetup> {
  const viewer = viewerOf(user);
  const facilityIds = (await listVisibleFacilities(ctx.db, viewer)).map((facility) => facility.id);
  const staff = await countStaff(ctx.db, viewer, user.id);
  if (facilityIds.length === 0) {
    return { facilities: 0, employees: 0, residents: 0, questionnaires_published: 0, staff };
  }
  return {
    facilities: facilityIds.length,
    employees: await countEmployees(ctx.db, facilityIds),
    residents: await countResidents(ctx.db, facilityIds),
    questionnaires_published: await countQuestionnairesPublished(ctx.db, facilityIds),
    staff,
  };
}
