/**
 * Campaigns of surveys by link (DESIGN §9, ADR 065), through the real mail path: the runner
 * writes invitations and reminders to the durable outbox, a sender with the real mailer hands
 * them to a local SMTP listener, and the links read from the mails open the public page. One
 * link per recipient with its token stored only as a hash; reminders on schedule that stop once
 * answered; nothing for a contact who opted out or unsubscribed; two runners racing on one
 * database send each mail once; bad input is a 4xx that writes nothing.
 */
import type { AddressInfo } from 'node:net';
import {
  CAMPAIGN_MESSAGES,
  CampaignListResponseSchema,
  CampaignSchema,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  PublicSurveySchema,
  SURVEY_LINK_MAIL,
} from '@carevoice/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../db/connect.js';
import { sha256 } from '../../lib/crypto.js';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { linkAnswers } from '../../test/link-kit.js';
import { sendAllDue } from '../../test/outbox-senders.js';
import { call, HARBOR, MAPLE, residentId } from '../../test/survey-kit.js';
import { OutboxSender } from '../mail-outbox/mail-outbox.service.js';
import { CampaignRunner } from './campaign-runner.js';

const DAY_MINUTES = 24 * 60;
const FACILITY_NAME = 'Maple Grove Care Home';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** A local SMTP listener that keeps every mail handed to it (quoted-printable decoded). */
async function smtpInbox(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split);
        const body = raw.slice(split + 4);
        const quoted = /content-transfer-encoding:\s*quoted-printable/i.test(head);
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address).join(','),
          subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '',
          text: quoted
            ? Buffer.from(
                body
                  .replace(/=\r\n/g, '')
                  .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => `%${hex}`),
                'utf8',
              )
                .toString('utf8')
                .replace(/%([0-9A-F]{2})/g, (_all, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                )
                .replace(/\r\n/g, '\n')
            : body.replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the survey link in a mail (`…/s/<token>` on a line of its own). */
function tokenIn(mail: ReceivedMail): string {
  const token = /\/s\/([A-Za-z0-9_-]+)\n/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no survey link in the mail to ${mail.to}`);
  return token;
}

describeEachDialect('campaigns', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let session: { who: SignedIn; at: number } | undefined;
  /** The demo administrator, signed in again once the clock moved (sessions end when idle). */
  const admin = async (): Promise<SignedIn> => {
    const at = t.clock.now().getTime();
    if (session?.at !== at) session = { who: await t.login('admin@carevoice.test'), at };
    return session.who;
  };
  let inbox: Awaited<ReturnType<typeof smtpInbox>>;
  let mailer: Mailer;
  let sender: OutboxSender;
  let questionnaireId: string;
  let residentNumber = 0;
  let addressNumber = 0;

  beforeAll(async () => {
    inbox = await smtpInbox();
    mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${inbox.port}`,
        mailFrom: 'CareVoice <no-reply@carevoice.local>',
        dataDir: t.config.dataDir,
      },
      t.app.log,
    );
    sender = new OutboxSender({
      db: t.db,
      dialect: t.dialect,
      secret: t.config.sessionSecret,
      now: t.clock.now,
      mailer,
    });
    const questionnaire = await t.db
      .selectFrom('questionnaires')
      .select('id')
      .where('facility_id', '=', MAPLE)
      .where('survey_type', '=', 'Discharge')
      .executeTakeFirstOrThrow();
    questionnaireId = questionnaire.id;
  });

  afterAll(async () => {
    await mailer.close();
    await inbox.close();
  });

  /** A contact of a resident of its own (so tests stay apart), made through the API. */
  async function addContact(extra: Record<string, unknown> = {}): Promise<string> {
    residentNumber += 1;
    addressNumber += 1;
    const response = await call(t, await admin(), 'adminContactCreate', {
      params: { facilityId: MAPLE },
      body: {
        resident_id: residentId('maple-grove', residentNumber),
        name: `Family ${addressNumber}`,
        relation: 'child',
        email: `family-${dialect}-${addressNumber}@example.com`,
        language: 'en',
        consent: true,
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  async function emailOf(contactId: string): Promise<string> {
    const row = await t.db
      .selectFrom('contacts')
      .select('email')
      .where('id', '=', contactId)
      .executeTakeFirstOrThrow();
    return row.email ?? '';
  }

  async function createCampaign(contactIds: string[], extra: Record<string, unknown> = {}) {
    const response = await call(t, await admin(), 'adminCampaignCreate', {
      params: { facilityId: MAPLE },
      body: {
        name: 'Families after discharge',
        questionnaire_id: questionnaireId,
        audience: { kind: 'contacts', contact_ids: contactIds },
        channels: ['email'],
        schedule: { send: 'now' },
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Hands every due mail of the outbox to the SMTP listener; the mails to these addresses. */
  async function deliver(addresses: readonly string[]): Promise<ReceivedMail[]> {
    const before = inbox.mails.length;
    await sendAllDue(sender);
    return inbox.mails.slice(before).filter((mail) => addresses.includes(mail.to));
  }

  const linksOf = (campaignId: string) =>
    t.db
      .selectFrom('survey_links')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('contact_id')
      .execute();

  it('sends each recipient one invitation through the outbox, with a link of their own whose token is stored only as a hash', async () => {
    const contacts = [await addContact(), await addContact()];
    const addresses = await Promise.all(contacts.map(emailOf));
    const campaignId = await createCampaign(contacts);

    const turn = await t.ctx.campaigns.runOnce();
    expect(turn.links).toBe(2);
    const links = await linksOf(campaignId);
    expect(links.map((link) => link.contact_id).sort()).toEqual([...contacts].sort());

    const mails = await deliver(addresses);
    expect(mails.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(SURVEY_LINK_MAIL.en.subject(FACILITY_NAME));
      expect(mail.text).toContain(`${t.config.publicUrl}/s/`);
    }
    const tokens = mails.map(tokenIn);
    expect(new Set(tokens).size).toBe(2);

    // Each token's SHA-256 names its recipient's link; the token itself is in no row.
    for (const [index, token] of tokens.entries()) {
      const stored = await t.db
        .selectFrom('survey_link_tokens')
        .innerJoin('survey_links', 'survey_links.id', 'survey_link_tokens.link_id')
        .select(['survey_link_tokens.token_hash', 'survey_links.contact_id'])
        .where('survey_link_tokens.token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      const contact = await t.db
        .selectFrom('contacts')
        .select('email')
        .where('id', '=', stored.contact_id)
        .executeTakeFirstOrThrow();
      expect(contact.email).toBe(mails[index]?.to);
    }
    for (const table of [
      'survey_links',
      'survey_link_tokens',
      'mail_outbox',
      'audit_events',
    ] as const) {
      const rows = JSON.stringify(await t.db.selectFrom(table).selectAll().execute());
      for (const token of tokens) expect(rows, table).not.toContain(token);
    }

    // The link opens the public page of the facility's questionnaire.
    const page = await call(t, undefined, 'publicSurvey', { params: { token: tokens[0] ?? '' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(PublicSurveySchema.parse(page.json()).facility_name).toBe(FACILITY_NAME);

    // A campaign is sent once: more turns make no more links or mails.
    await t.ctx.campaigns.runOnce();
    t.clock.advanceMinutes(60);
    await t.ctx.campaigns.runOnce();
    expect(await linksOf(campaignId)).toHaveLength(2);
    expect(await deliver(addresses)).toEqual([]);

    const read = CampaignSchema.parse(
      (await call(t, await admin(), 'adminCampaign', { params: { campaignId } })).json(),
    );
    expect(read.counts).toEqual({ sent: 2, delivered: 2, opened: 1, answered: 0, opted_out: 0 });
    expect(read.counts_by_channel.sms.sent).toBe(0);
    const list = CampaignListResponseSchema.parse(
      (await call(t, await admin(), 'adminCampaigns', { params: { facilityId: MAPLE } })).json(),
    );
    expect(list.items.find((item) => item.id === campaignId)?.counts.sent).toBe(2);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', campaignId)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['campaign.created', 'campaign.sent']);
  });

  it('sends reminders on schedule with a fresh working link, and stops once the recipient answered', async () => {
    const [answering, silent] = [await addContact(), await addContact()];
    const addresses = await Promise.all([answering, silent].map(emailOf));
    const [answeringAddress, silentAddress] = addresses;
    const campaignId = await createCampaign([answering, silent], {
      reminders: { count: 2, every_days: 7 },
    });
    await t.ctx.campaigns.runOnce();
    const invitations = await deliver(addresses);
    expect(invitations).toHaveLength(2);

    // Not before the day.
    t.clock.advanceMinutes(7 * DAY_MINUTES - 1);
    await t.ctx.campaigns.runOnce();
    expect(await deliver(addresses)).toEqual([]);

    // One recipient answers through their link.
    const invitation = invitations.find((mail) => mail.to === answeringAddress);
    const token = invitation ? tokenIn(invitation) : '';
    const page = PublicSurveySchema.parse(
      (await call(t, undefined, 'publicSurvey', { params: { token } })).json(),
    );
    const answered = await call(t, undefined, 'publicSurveyAnswers', {
      params: { token },
      headers: { [IDEMPOTENCY_KEY_HEADER]: `campaign-${dialect}-answer` },
      body: { survey_answer_list: linkAnswers(page.questions) },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    // The first reminder goes to the other only, with a new token that opens the survey.
    t.clock.advanceMinutes(2);
    await t.ctx.campaigns.runOnce();
    const first = await deliver(addresses);
    expect(first.map((mail) => mail.to)).toEqual([silentAddress]);
    expect(first[0]?.subject).toBe(SURVEY_LINK_MAIL.en.reminderSubject(FACILITY_NAME));
    const reminderToken = first[0] ? tokenIn(first[0]) : '';
    expect(invitations.map(tokenIn)).not.toContain(reminderToken);
    const reopened = await call(t, undefined, 'publicSurvey', {
      params: { token: reminderToken },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);

    // The second a week later; then none: the count is reached.
    t.clock.advanceMinutes(7 * DAY_MINUTES - 5);
    await t.ctx.campaigns.runOnce();
    expect(await deliver(addresses)).toEqual([]);
    t.clock.advanceMinutes(10);
    await t.ctx.campaigns.runOnce();
    expect((await deliver(addresses)).map((mail) => mail.to)).toEqual([silentAddress]);
    t.clock.advanceMinutes(7 * DAY_MINUTES);
    await t.ctx.campaigns.runOnce();
    expect(await deliver(addresses)).toEqual([]);

    const links = await linksOf(campaignId);
    const byContact = new Map(links.map((link) => [link.contact_id, link]));
    expect(byContact.get(answering)?.reminders_sent).toBe(0);
    expect(byContact.get(answering)?.used_at).not.toBeNull();
    expect(byContact.get(silent)?.reminders_sent).toBe(2);
    expect(byContact.get(silent)?.next_reminder_at).toBeNull();
    const read = CampaignSchema.parse(
      (await call(t, await admin(), 'adminCampaign', { params: { campaignId } })).json(),
    );
    expect(read.counts.answered).toBe(1);
    const survey = await t.db
      .selectFrom('surveys')
      .select('channel')
      .where('id', '=', byContact.get(answering)?.survey_id ?? '')
      .executeTakeFirstOrThrow();
    expect(survey.channel).toBe('email');
  });

  it('sends nothing to a contact who opted out or gave no consent, and no reminder after an unsubscribe', async () => {
    const optedOut = await addContact();
    const optedOutRead = await call(t, await admin(), 'adminContactUpdate', {
      params: { contactId: optedOut },
      body: { opted_out: true, version: 1 },
    });
    expect(optedOutRead.statusCode, optedOutRead.body).toBe(200);
    const noConsent = await addContact({ consent: false });
    const unsubscribing = await addContact();
    const addresses = await Promise.all([optedOut, noConsent, unsubscribing].map(emailOf));
    const campaignId = await createCampaign([optedOut, noConsent, unsubscribing], {
      reminders: { count: 1, every_days: 3 },
    });

    await t.ctx.campaigns.runOnce();
    const links = await linksOf(campaignId);
    expect(links.map((link) => link.contact_id)).toEqual([unsubscribing]);
    const mails = await deliver(addresses);
    expect(mails.map((mail) => mail.to)).toEqual([await emailOf(unsubscribing)]);

    const unsubscribed = await call(t, undefined, 'publicSurveyUnsubscribe', {
      params: { token: mails[0] ? tokenIn(mails[0]) : '' },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    t.clock.advanceMinutes(3 * DAY_MINUTES + 1);
    await t.ctx.campaigns.runOnce();
    // A campaign resumed later looks again: still nobody.
    await call(t, await admin(), 'adminCampaignPause', { params: { campaignId } });
    await call(t, await admin(), 'adminCampaignResume', { params: { campaignId } });
    await t.ctx.campaigns.runOnce();
    expect(await deliver(addresses)).toEqual([]);
    expect(await linksOf(campaignId)).toHaveLength(1);
    const read = CampaignSchema.parse(
      (await call(t, await admin(), 'adminCampaign', { params: { campaignId } })).json(),
    );
    expect(read.counts.opted_out).toBe(1);
  });

  it('holds invitations and reminders while a campaign is paused, and sends them when resumed', async () => {
    const contact = await addContact();
    const address = await emailOf(contact);
    const campaignId = await createCampaign([contact], { reminders: { count: 1, every_days: 2 } });
    const paused = await call(t, await admin(), 'adminCampaignPause', { params: { campaignId } });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(CampaignSchema.parse(paused.json()).status).toBe('paused');
    await t.ctx.campaigns.runOnce();
    expect(await deliver([address])).toEqual([]);

    const resumed = await call(t, await admin(), 'adminCampaignResume', { params: { campaignId } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await t.ctx.campaigns.runOnce();
    expect(await deliver([address])).toHaveLength(1);

    await call(t, await admin(), 'adminCampaignPause', { params: { campaignId } });
    t.clock.advanceMinutes(2 * DAY_MINUTES + 1);
    await t.ctx.campaigns.runOnce();
    expect(await deliver([address])).toEqual([]);
    await call(t, await admin(), 'adminCampaignResume', { params: { campaignId } });
    await t.ctx.campaigns.runOnce();
    const reminder = await deliver([address]);
    expect(reminder.map((mail) => mail.subject)).toEqual([
      SURVEY_LINK_MAIL.en.reminderSubject(FACILITY_NAME),
    ]);
  });

  it('two runners racing on one database (two instances) send each invitation and each reminder once', async () => {
    const contacts: string[] = [];
    for (let n = 0; n < 6; n += 1) contacts.push(await addContact());
    const addresses = await Promise.all(contacts.map(emailOf));
    const campaignIds = [
      await createCampaign(contacts.slice(0, 3), { reminders: { count: 1, every_days: 1 } }),
      await createCampaign(contacts.slice(3), { reminders: { count: 1, every_days: 1 } }),
    ];
    // The other instance: on PostgreSQL a connection pool of its own.
    let other: DatabaseHandle | undefined;
    if (t.dialect === 'postgres') other = connect({ databaseUrl: t.pgUrl });
    const second = new CampaignRunner({
      db: other?.db ?? t.db,
      dialect: t.dialect,
      config: t.config,
      now: t.clock.now,
    });
    try {
      const race = async () => {
        const turns = await Promise.all([t.ctx.campaigns.runOnce(), second.runOnce()]);
        return turns.reduce(
          (sum, turn) => ({
            links: sum.links + turn.links,
            reminders: sum.reminders + turn.reminders,
          }),
          { links: 0, reminders: 0 },
        );
      };
      expect(await race()).toEqual({ links: 6, reminders: 0 });
      expect(await race()).toEqual({ links: 0, reminders: 0 });
      const invitations = await deliver(addresses);
      expect(invitations.map((mail) => mail.to).sort()).toEqual([...addresses].sort());

      t.clock.advanceMinutes(DAY_MINUTES + 1);
      expect(await race()).toEqual({ links: 0, reminders: 6 });
      expect(await race()).toEqual({ links: 0, reminders: 0 });
      const reminders = await deliver(addresses);
      expect(reminders.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
      for (const campaignId of campaignIds) {
        for (const link of await linksOf(campaignId)) expect(link.reminders_sent).toBe(1);
      }
    } finally {
      await other?.close();
    }
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const contact = await addContact();
    const who = await admin();
    const campaignId = await createCampaign([contact]);
    const harborContact = await t.db
      .selectFrom('residents')
      .select('id')
      .where('facility_id', '=', HARBOR)
      .executeTakeFirstOrThrow();
    const foreign = await call(t, who, 'adminContactCreate', {
      params: { facilityId: HARBOR },
      body: {
        resident_id: harborContact.id,
        name: 'Harbor Family',
        relation: 'child',
        email: `harbor-${dialect}@example.com`,
        language: 'en',
        consent: true,
      },
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignContact = foreign.json<{ id: string }>().id;
    const harborQuestionnaire = await t.db
      .selectFrom('questionnaires')
      .select('id')
      .where('facility_id', '=', HARBOR)
      .executeTakeFirstOrThrow();
    const manager = await t.login('manager@carevoice.test');
    const valid = {
      name: 'Families',
      questionnaire_id: questionnaireId,
      audience: { kind: 'contacts', contact_ids: [contact] },
      channels: ['email'],
      schedule: { send: 'now' },
    };
    const create = (body: Record<string, unknown>) =>
      call(t, who, 'adminCampaignCreate', {
        params: { facilityId: MAPLE },
        body: { ...valid, ...body },
      });
    const cases: [string, () => ReturnType<typeof call>, number, string?][] = [
      ['no channel', () => create({ channels: [] }), 400],
      ['an unknown channel', () => create({ channels: ['fax'] }), 400],
      ['the same channel twice', () => create({ channels: ['email', 'email'] }), 400],
      ['four reminders', () => create({ reminders: { count: 4, every_days: 7 } }), 400],
      ['reminders every 0 days', () => create({ reminders: { count: 1, every_days: 0 } }), 400],
      ['a date schedule without its date', () => create({ schedule: { send: 'on_date' } }), 400],
      ['a bad date', () => create({ schedule: { send: 'on_date', on: '2026-02-30x' } }), 400],
      [
        'contacts named by none',
        () => create({ audience: { kind: 'contacts', contact_ids: [] } }),
        400,
      ],
      ['an unknown audience', () => create({ audience: { kind: 'everyone' } }), 400],
      [
        'after discharge for another audience',
        () => create({ schedule: { send: 'after_discharge', days: 7 } }),
        400,
        CAMPAIGN_MESSAGES.afterDischargeAudience,
      ],
      [
        'a contact of another facility',
        () => create({ audience: { kind: 'contacts', contact_ids: [foreignContact] } }),
        403,
        CAMPAIGN_MESSAGES.contactOtherFacility,
      ],
      [
        'a questionnaire of another facility',
        () => create({ questionnaire_id: harborQuestionnaire.id }),
        403,
        MESSAGES.facilityForbidden,
      ],
      [
        'an unknown questionnaire',
        () => create({ questionnaire_id: 'no-such-questionnaire' }),
        404,
        CAMPAIGN_MESSAGES.questionnaireNotFound,
      ],
      ['a name of spaces', () => create({ name: '   ' }), 400],
      [
        'a user without Administration',
        () =>
          call(t, manager, 'adminCampaignCreate', { params: { facilityId: MAPLE }, body: valid }),
        403,
        MESSAGES.forbidden,
      ],
      [
        'an edit at a stale version',
        () =>
          call(t, who, 'adminCampaignUpdate', {
            params: { campaignId },
            body: { name: 'Renamed', version: 7 },
          }),
        409,
      ],
      [
        'an edit with fields that do not fit',
        () =>
          call(t, who, 'adminCampaignUpdate', {
            params: { campaignId },
            body: { schedule: { send: 'after_discharge', days: 3 }, version: 1 },
          }),
        400,
        CAMPAIGN_MESSAGES.afterDischargeAudience,
      ],
      [
        'resuming a campaign that is not paused',
        () => call(t, who, 'adminCampaignResume', { params: { campaignId } }),
        409,
        CAMPAIGN_MESSAGES.notPaused,
      ],
      [
        'an unknown campaign',
        () => call(t, who, 'adminCampaign', { params: { campaignId: 'no-such-campaign' } }),
        404,
        CAMPAIGN_MESSAGES.campaignNotFound,
      ],
    ];
    for (const [what, send, status, detail] of cases) {
      const before = await dbState(t);
      const response = await send();
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      if (detail !== undefined)
        expect(response.json<{ detail: string }>().detail, what).toBe(detail);
      const after = await dbState(t);
      expect(after.counts, what).toEqual(before.counts);
      expect(after.digests, what).toEqual(before.digests);
    }
  });
});
