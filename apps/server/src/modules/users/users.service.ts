import crypto from 'node:crypto';
import type { PermissionType } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { toFlag, toTimestamp } from '../../db/values.js';
import { hashPassword } from '../../lib/crypto.js';
import {
  existingFacilityIds,
  findUserByEmail,
  insertUser,
  insertUserGrants,
} from './users.repository.js';

export interface NewUserInput {
  /** Already validated and lower-cased. */
  email: string;
  name: string;
  password: string;
  admin: boolean;
  permissions: PermissionType[];
  facilityIds: string[];
}

export class UserInputError extends Error {}

/** Creates a user with its grants in one transaction (the create-user command). */
export async function createUser(
  db: Kysely<Database>,
  input: NewUserInput,
  now: Date,
): Promise<{ id: string }> {
  if (await findUserByEmail(db, input.email)) {
    throw new UserInputError(`A user with the email ${input.email} already exists.`);
  }
  const facilityIds = [...new Set(input.facilityIds)];
  const known = new Set(await existingFacilityIds(db, facilityIds));
  const unknown = facilityIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new UserInputError(`Unknown facility id: ${unknown.join(', ')}`);
  }
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  const at = toTimestamp(now);
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      id,
      email: input.email,
      name: input.name,
      password_hash: passwordHash,
      all_facility_access: toFlag(input.admin),
      all_permission_access: toFlag(input.admin),
      active: 1,
      created_at: at,
      updated_at: at,
    });
    await insertUserGrants(trx, id, {
      permissions: [...new Set(input.permissions)],
      facilityIds,
    });
  });
  return { id };
}
