/** The facilities' remembered column mappings of the census and staff imports (ADR 056). */
import type { ImportDateFormat, ImportKind, RememberedMapping } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The facility's last mapping of this kind, or null (none, or not readable). */
export async function findImportMapping(
  db: Kysely<Database>,
  facilityId: string,
  kind: ImportKind,
): Promise<RememberedMapping | null> {
  const row = await db
    .selectFrom('import_mappings')
    .select(['columns_json', 'date_format'])
    .where('facility_id', '=', facilityId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const parsed: unknown = JSON.parse(row.columns_json);
    if (!Array.isArray(parsed)) return null;
    const columns = parsed.filter(
      (item): item is { header: string; field: string | null } =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { header?: unknown }).header === 'string' &&
        ['string', 'object'].includes(typeof (item as { field?: unknown }).field),
    );
    return { columns, date_format: row.date_format };
  } catch {
    return null;
  }
}

/** Keeps this mapping as the facility's mapping of this kind (replacing the one before). */
export async function saveImportMapping(
  db: Kysely<Database>,
  facilityId: string,
  kind: ImportKind,
  mapping: RememberedMapping,
  at: Date,
): Promise<void> {
  const values = {
    columns_json: JSON.stringify(mapping.columns),
    date_format: mapping.date_format as ImportDateFormat | null,
    updated_at: at.toISOString(),
  };
  await db
    .insertInto('import_mappings')
    .values({ facility_id: facilityId, kind, ...values })
    .onConflict((conflict) => conflict.columns(['facility_id', 'kind']).doUpdateSet(values))
    .execute();
}
