/**
 * Campaigns of surveys by link (DESIGN §9, ADR 065): an administrator of a facility chooses a
 * published questionnaire, an audience, the channels, when to send and the reminders; the
 * background runner (campaign-runner.ts) materialises the recipients and sends. Every change is
 * audited; edits name the `version` read (409 otherwise).
 */
import {
  ADMIN_PAGE_SIZE,
  CAMPAIGN_MESSAGES,
  CampaignAudienceSchema,
  CampaignScheduleSchema,
  LINK_CHANNELS,
  MESSAGES,
  type Campaign,
  type CampaignCounts,
  type CampaignCreateRequest,
  type CampaignListQuery,
  type CampaignListResponse,
  type CampaignSchedule,
  type CampaignUpdateRequest,
  type LinkChannel,
} from '@carevoice/shared';
import type { Kysely, Updateable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CampaignsTable, Database } from '../../db/database.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  versionConflict,
} from '../../lib/http-error.js';
import { startOfDayIn } from '../../lib/time-zone.js';
import { requireFacility } from '../access/access.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  findCampaign,
  insertCampaign,
  linkCounts,
  listCampaignPage,
  updateCampaignAtVersion,
  type CampaignRow,
  type LinkCountRow,
} from './campaigns.repository.js';

const text = CAMPAIGN_MESSAGES;

/** The hour (facility time) a campaign sent on a date starts. */
export const CAMPAIGN_SEND_HOUR = 9;

const NO_COUNTS: CampaignCounts = { sent: 0, delivered: 0, opened: 0, answered: 0, opted_out: 0 };

function countsOf(rows: readonly LinkCountRow[]): Campaign['counts_by_channel'] {
  const byChannel = { email: { ...NO_COUNTS }, sms: { ...NO_COUNTS } };
  for (const row of rows) {
    if (!(LINK_CHANNELS as readonly string[]).includes(row.channel)) continue;
    byChannel[row.channel as LinkChannel] = {
      sent: Number(row.sent),
      delivered: Number(row.delivered),
      opened: Number(row.opened),
      answered: Number(row.answered),
      opted_out: Number(row.opted_out),
    };
  }
  return byChannel;
}

function sum(a: CampaignCounts, b: CampaignCounts): CampaignCounts {
  return {
    sent: a.sent + b.sent,
    delivered: a.delivered + b.delivered,
    opened: a.opened + b.opened,
    answered: a.answered + b.answered,
    opted_out: a.opted_out + b.opted_out,
  };
}

const ChannelsJson = z.array(z.enum(LINK_CHANNELS));

/** A campaign's stored JSON read back through the contract's schemas (never cast). */
export function campaignSettings(row: CampaignRow) {
  return {
    audience: CampaignAudienceSchema.parse(JSON.parse(row.audience_json)),
    channels: ChannelsJson.parse(JSON.parse(row.channels_json)),
    schedule: CampaignScheduleSchema.parse(JSON.parse(row.schedule_json)),
  };
}

function campaignItem(row: CampaignRow, counts: readonly LinkCountRow[]): Campaign {
  const byChannel = countsOf(counts.filter((count) => count.campaign_id === row.id));
  return {
    id: row.id,
    name: row.name,
    questionnaire_id: row.questionnaire_id,
    ...campaignSettings(row),
    reminders: { count: row.reminder_count, every_days: row.reminder_every_days },
    status: row.status,
    counts: sum(byChannel.email, byChannel.sms),
    counts_by_channel: byChannel,
    version: row.version,
  };
}

export async function listCampaigns(
  ctx: AppContext,
  facilityId: string,
  query: CampaignListQuery,
): Promise<CampaignListResponse> {
  const after = decodeCursor(query.cursor, 2);
  const rows = await listCampaignPage(ctx.db, {
    facilityId,
    ...(after === undefined ? {} : { after }),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = pageFrom(rows, (row) => [row.created_at, row.id]);
  const counts = await linkCounts(
    ctx.db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => campaignItem(row, counts)),
    next_cursor: page.next_cursor,
  };
}

/** The campaign, in one of the user's facilities (404, 403). */
async function loadCampaign(
  ctx: AppContext,
  user: SessionUser,
  campaignId: string,
): Promise<CampaignRow> {
  const campaign = await findCampaign(ctx.db, campaignId);
  if (!campaign) throw notFound(text.campaignNotFound);
  await requireFacility(ctx.db, user, campaign.facility_id);
  return campaign;
}

export async function getCampaign(
  ctx: AppContext,
  user: SessionUser,
  campaignId: string,
): Promise<Campaign> {
  const campaign = await loadCampaign(ctx, user, campaignId);
  return campaignItem(campaign, await linkCounts(ctx.db, [campaign.id]));
}

/** 400/403/404 unless the questionnaire is the facility's (or its set's) and published. */
async function assertQuestionnaire(
  db: Kysely<Database>,
  facilityId: string,
  questionnaireId: string,
): Promise<void> {
  const questionnaire = await db
    .selectFrom('questionnaires')
    .select(['facility_id', 'survey_set_id', 'published_version'])
    .where('id', '=', questionnaireId)
    .executeTakeFirst();
  if (!questionnaire) throw notFound(text.questionnaireNotFound);
  let ours = questionnaire.facility_id === facilityId;
  if (!ours && questionnaire.survey_set_id !== null) {
    ours =
      (await db
        .selectFrom('facility_survey_sets')
        .select('facility_id')
        .where('facility_id', '=', facilityId)
        .where('survey_set_id', '=', questionnaire.survey_set_id)
        .executeTakeFirst()) !== undefined;
  }
  if (!ours) throw forbidden(MESSAGES.facilityForbidden);
  if (Number(questionnaire.published_version) === 0)
    throw badRequest(text.questionnaireNotPublished);
}

/** 403 unless every contact named is the facility's. */
async function assertContacts(
  db: Kysely<Database>,
  facilityId: string,
  contactIds: readonly string[] | undefined,
): Promise<void> {
  const ids = [...new Set(contactIds ?? [])];
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('contacts')
    .select('id')
    .where('id', 'in', ids)
    .where('facility_id', '=', facilityId)
    .execute();
  if (found.length !== ids.length) throw forbidden(text.contactOtherFacility);
}

function assertScheduleFits(settings: {
  audience: CampaignCreateRequest['audience'];
  schedule: CampaignSchedule;
}): void {
  if (
    settings.schedule.send === 'after_discharge' &&
    settings.audience.kind !== 'discharged_home'
  ) {
    throw new HttpError(400, text.afterDischargeAudience, {
      errors: { schedule: text.afterDischargeAudience },
    });
  }
}

/** When the runner first looks at a campaign: now, or the day's CAMPAIGN_SEND_HOUR. */
export function firstRunAt(schedule: CampaignSchedule, at: Date, timeZone: string): string {
  if (schedule.send === 'on_date' && schedule.on !== undefined) {
    const start = startOfDayIn(schedule.on, timeZone).getTime() + CAMPAIGN_SEND_HOUR * 3600_000;
    return toTimestamp(new Date(Math.max(start, at.getTime())));
  }
  return toTimestamp(at);
}

async function facilityTimeZoneOf(db: Kysely<Database>, facilityId: string): Promise<string> {
  const row = await db
    .selectFrom('facilities')
    .select('time_zone')
    .where('id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.time_zone;
}

export async function createCampaign(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: CampaignCreateRequest,
): Promise<string> {
  assertScheduleFits(input);
  await assertQuestionnaire(ctx.db, facilityId, input.questionnaire_id);
  await assertContacts(ctx.db, facilityId, input.audience.contact_ids);
  const timeZone = await facilityTimeZoneOf(ctx.db, facilityId);
  const id = newRowId();
  const at = toTimestamp(meta.at);
  const reminders = input.reminders ?? { count: 0, every_days: 7 };
  await ctx.db.transaction().execute(async (trx) => {
    await insertCampaign(trx, {
      id,
      facility_id: facilityId,
      name: input.name,
      questionnaire_id: input.questionnaire_id,
      audience_json: JSON.stringify(input.audience),
      channels_json: JSON.stringify(input.channels),
      schedule_json: JSON.stringify(input.schedule),
      reminder_count: reminders.count,
      reminder_every_days: reminders.every_days,
      status: 'active',
      next_run_at: firstRunAt(input.schedule, meta.at, timeZone),
      lease_until: null,
      created_by: meta.userId,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, meta, {
      action: 'campaign.created',
      targetType: 'campaign',
      targetId: id,
      facilityId,
      detail: {
        audience: input.audience.kind,
        channels: input.channels.join(','),
        send: input.schedule.send,
        reminders: reminders.count,
      },
    });
  });
  return id;
}

/** Edits a campaign at the version read; a new schedule takes effect from now. */
export async function updateCampaign(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  campaignId: string,
  input: CampaignUpdateRequest,
): Promise<Campaign> {
  const current = await loadCampaign(ctx, user, campaignId);
  const settings = campaignSettings(current);
  const next = {
    audience: input.audience ?? settings.audience,
    schedule: input.schedule ?? settings.schedule,
  };
  assertScheduleFits(next);
  if (input.questionnaire_id !== undefined) {
    await assertQuestionnaire(ctx.db, current.facility_id, input.questionnaire_id);
  }
  await assertContacts(ctx.db, current.facility_id, input.audience?.contact_ids);
  if (input.version !== current.version) throw versionConflict();
  const changes: Updateable<CampaignsTable> = { updated_at: toTimestamp(meta.at) };
  if (input.name !== undefined) changes.name = input.name;
  if (input.questionnaire_id !== undefined) changes.questionnaire_id = input.questionnaire_id;
  if (input.audience !== undefined) changes.audience_json = JSON.stringify(input.audience);
  if (input.channels !== undefined) changes.channels_json = JSON.stringify(input.channels);
  if (input.reminders !== undefined) {
    changes.reminder_count = input.reminders.count;
    changes.reminder_every_days = input.reminders.every_days;
  }
  if (
    input.schedule !== undefined ||
    input.audience !== undefined ||
    input.channels !== undefined
  ) {
    changes.schedule_json = JSON.stringify(next.schedule);
    const timeZone = await facilityTimeZoneOf(ctx.db, current.facility_id);
    changes.next_run_at = firstRunAt(next.schedule, meta.at, timeZone);
  }
  const fields = Object.keys(input).filter((key) => key !== 'version');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateCampaignAtVersion(trx, current.id, input.version, changes))) {
      throw versionConflict();
    }
    await recordAudit(trx, meta, {
      action: 'campaign.updated',
      targetType: 'campaign',
      targetId: current.id,
      facilityId: current.facility_id,
      detail: { fields: fields.join(',') },
    });
  });
  return getCampaign(ctx, user, current.id);
}

/** Pauses (no sending, no reminders) or resumes a campaign; 409 when it already is so. */
export async function setCampaignPaused(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  campaignId: string,
  paused: boolean,
): Promise<Campaign> {
  const current = await loadCampaign(ctx, user, campaignId);
  if (paused === (current.status === 'paused')) {
    throw new HttpError(409, paused ? text.alreadyPaused : text.notPaused);
  }
  const changes: Updateable<CampaignsTable> = {
    status: paused ? 'paused' : 'active',
    updated_at: toTimestamp(meta.at),
  };
  // Resumed: the runner looks again now (recipients added meanwhile, reminders held).
  if (!paused) changes.next_run_at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateCampaignAtVersion(trx, current.id, current.version, changes))) {
      throw versionConflict();
    }
    await recordAudit(trx, meta, {
      action: paused ? 'campaign.paused' : 'campaign.resumed',
      targetType: 'campaign',
      targetId: current.id,
      facilityId: current.facility_id,
    });
  });
  return getCampaign(ctx, user, current.id);
}
