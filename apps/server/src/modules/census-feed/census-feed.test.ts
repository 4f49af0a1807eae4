/**
 * The census feed end to end (issue 36, ADR 050): HL7 v2.5.1 ADT messages written here from the
 * standard's segment definitions (MSH, EVN, PID, PV1, MRG, with repeated fields and a Z-segment
 * as real feeds send them), framed here by MLLP (<VT> message <FS><CR>, HL7 v2.5.1 appendix C —
 * not by the library the listener uses) and sent over TCP to the real listener of a real app on
 * a migrated, seeded database; the ACK codes and the due lists are asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CensusFeedListener, FEED_MESSAGE_MAX_BYTES } from './census-feed.listener.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { adt, MllpSender, msa } from '../../test/mllp-kit.js';
import { call, MAPLE, RIVERSIDE } from '../../test/survey-kit.js';

describeEachDialect('census feed over MLLP', (dialect) => {
  const t = useTestApp(dialect, {
    seed: true,
    config: { censusFeed: { port: 0, allowedSenders: ['127.0.0.1', '::1'], tls: undefined } },
  });
  let port = 0;
  let admin: SignedIn;
  let sender: MllpSender;

  beforeAll(async () => {
    port = (await t.ctx.censusFeed?.start()) ?? 0;
    admin = await t.login('admin@carevoice.test');
    const mapping = (facilityId: string, codes: string[], units: string[]) =>
      call(t, admin, 'adminFeedMappingUpdate', {
        params: { facilityId },
        body: { sending_facility_codes: codes, unit_codes: units, version: 1 },
      });
    // Maple Grove has its own EHR code; Riverside and Maple Grove share a chain's engine code.
    expect((await mapping(MAPLE, ['MAPLEEHR', 'CHAIN'], ['NORTH', 'SOUTH'])).statusCode).toBe(200);
    expect((await mapping(RIVERSIDE, ['CHAIN'], ['RIVER'])).statusCode).toBe(200);
    sender = await MllpSender.connect(port);
  });
  afterAll(() => sender.close());

  /** Names on a facility's due list of a survey type (the staff's screen). */
  async function dueNames(facilityId: string, surveyType: 'Admission' | 'Discharge') {
    const response = await call(t, admin, 'surveyList', { params: { facilityId, surveyType } });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ survey_list: { first_name: string; last_name: string }[] }>();
    return list.survey_list.map((item) => `${item.first_name} ${item.last_name}`);
  }

  async function resident(facilityId: string, clientId: string) {
    return t.db
      .selectFrom('residents')
      .selectAll()
      .where('facility_id', '=', facilityId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  it('admits with A01 (AA): the resident, by the MRN of PID-3 and the legal name of PID-5, is on the Admission due list', async () => {
    const ack = await sender.send(
      adt({
        event: 'A01',
        control: 'C-A01-1',
        mrn: 'MRN1001',
        family: 'Feedwell',
        given: 'Ada',
        admit: '20261121081500',
      }),
    );
    expect(msa(ack)).toMatchObject({ code: 'AA', controlId: 'C-A01-1' });
    expect(await resident(MAPLE, 'MRN1001')).toMatchObject({
      first_name: 'Ada',
      last_name: 'Feedwell',
      admitted_on: '2026-11-21',
      active: 1,
    });
    expect(await dueNames(MAPLE, 'Admission')).toContain('Ada Feedwell');
  });

  it('acknowledges a repeated message (same MSH-10) again and applies it once', async () => {
    const before = await t.counts();
    const message = adt({
      event: 'A01',
      control: 'C-A01-1',
      mrn: 'MRN1001',
      admit: '20261121081500',
    });
    expect(msa(await sender.send(message)).code).toBe('AA');
    expect(await t.counts()).toEqual(before);
    const stored = await t.db
      .selectFrom('feed_messages')
      .select(['status', 'event', 'client_id'])
      .where('control_id', '=', 'C-A01-1')
      .execute();
    expect(stored).toEqual([{ status: 'applied', event: 'A01', client_id: 'MRN1001' }]);
  });

  it('updates names and the language of PID-15 with A08', async () => {
    const ack = await sender.send(
      adt({
        event: 'A08',
        control: 'C-A08-1',
        mrn: 'MRN1001',
        family: 'Feedwell-Ortiz',
        given: 'Ada',
        language: 'spa^Spanish^ISO6392',
      }),
    );
    expect(msa(ack).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN1001')).toMatchObject({
      last_name: 'Feedwell-Ortiz',
      preferred_language: 'es',
    });
    expect(await dueNames(MAPLE, 'Admission')).toContain('Ada Feedwell-Ortiz');
  });

  it('discharges with A03 on the facility-local date of PV1-45, to the destination of PV1-36: the Discharge survey comes due; A13 cancels it', async () => {
    // 02:30 UTC on the 22nd is still the 21st in Chicago.
    const ack = await sender.send(
      adt({
        event: 'A03',
        control: 'C-A03-1',
        mrn: 'MRN1001',
        family: 'Feedwell-Ortiz',
        discharge: '20261122023000+0000',
        disposition: '01',
      }),
    );
    expect(msa(ack).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN1001')).toMatchObject({
      discharged_on: '2026-11-21',
      discharge_destination: 'home',
      active: 0,
    });
    const discharge = await t.db
      .selectFrom('surveys')
      .innerJoin('residents', 'residents.id', 'surveys.resident_id')
      .select('surveys.status')
      .where('residents.client_id', '=', 'MRN1001')
      .where('surveys.survey_type', '=', 'Discharge')
      .execute();
    expect(discharge).toEqual([{ status: 'due' }]);

    expect(
      msa(await sender.send(adt({ event: 'A13', control: 'C-A13-1', mrn: 'MRN1001' }))).code,
    ).toBe('AA');
    expect(await resident(MAPLE, 'MRN1001')).toMatchObject({
      discharged_on: null,
      discharge_destination: null,
      active: 1,
    });
    const after = await t.db
      .selectFrom('surveys')
      .innerJoin('residents', 'residents.id', 'surveys.resident_id')
      .select('surveys.status')
      .where('residents.client_id', '=', 'MRN1001')
      .where('surveys.survey_type', '=', 'Discharge')
      .execute();
    expect(after).toEqual([{ status: 'not_completable' }]);
  });

  it('maps PV1-36 through HL7 table 0112 (NUBC codes): a hospital transfer, a death, a hospice; an unknown code keeps what was recorded', async () => {
    const cases = [
      { mrn: 'MRN6001', disposition: '02', destination: 'hospital' },
      { mrn: 'MRN6002', disposition: '20', destination: 'died' },
      { mrn: 'MRN6003', disposition: '51^Hospice - medical facility^NUBC', destination: 'hospice' },
      { mrn: 'MRN6004', disposition: '', destination: null },
    ];
    for (const [n, item] of cases.entries()) {
      const admit = adt({ event: 'A01', control: `C-DD-A${n}`, mrn: item.mrn, admit: '20261110' });
      expect(msa(await sender.send(admit)).code).toBe('AA');
      const discharge = adt({
        event: 'A03',
        control: `C-DD-D${n}`,
        mrn: item.mrn,
        discharge: '20261120',
        disposition: item.disposition,
      });
      expect(msa(await sender.send(discharge)).code).toBe('AA');
      expect(await resident(MAPLE, item.mrn)).toMatchObject({
        discharged_on: '2026-11-20',
        discharge_destination: item.destination,
      });
    }
    // A corrected discharge without a known code keeps the destination already recorded.
    const corrected = adt({
      event: 'A03',
      control: 'C-DD-X',
      mrn: 'MRN6001',
      discharge: '20261121',
      disposition: '99',
    });
    expect(msa(await sender.send(corrected)).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN6001')).toMatchObject({
      discharged_on: '2026-11-21',
      discharge_destination: 'hospital',
    });
    // A readmission ends the discharge and its destination (ADR 053).
    const readmit = adt({ event: 'A01', control: 'C-DD-R', mrn: 'MRN6001', admit: '20261125' });
    expect(msa(await sender.send(readmit)).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN6001')).toMatchObject({
      admitted_on: '2026-11-25',
      discharged_on: null,
      discharge_destination: null,
    });
  });

  it('a discharge the feed sends on the day keeps the Discharge survey on the staff’s list (ADR 049)', async () => {
    const hl7Time = (at: Date) => `${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0000`;
    const admitted = await sender.send(
      adt({
        event: 'A01',
        control: 'C-A01-SAMEDAY',
        mrn: 'MRN5151',
        family: 'Sameday',
        given: 'Grace',
        admit: '20261101081500',
      }),
    );
    expect(msa(admitted).code).toBe('AA');
    const discharged = await sender.send(
      adt({
        event: 'A03',
        control: 'C-A03-SAMEDAY',
        mrn: 'MRN5151',
        family: 'Sameday',
        given: 'Grace',
        discharge: hl7Time(t.clock.now()),
        disposition: '01',
      }),
    );
    expect(msa(discharged).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN5151')).toMatchObject({ active: 0, discharge_listed: 1 });
    expect(await dueNames(MAPLE, 'Discharge')).toContain('Grace Sameday');
  });

  it('holds a discharge that arrives before its admission, and applies it when the admission arrives', async () => {
    const held = await sender.send(
      adt({
        event: 'A03',
        control: 'C-OOO-2',
        mrn: 'MRN2002',
        family: 'Latecomer',
        given: 'Bea',
        discharge: '20261121',
      }),
    );
    expect(msa(held).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN2002')).toBeUndefined();
    const list = await call(t, admin, 'adminFeedMessages', {
      params: { facilityId: MAPLE },
      query: { status: 'held' },
    });
    expect(
      list.json<{ items: { control_id: string }[] }>().items.map((item) => item.control_id),
    ).toContain('C-OOO-2');

    const admit = await sender.send(
      adt({
        event: 'A01',
        control: 'C-OOO-1',
        mrn: 'MRN2002',
        family: 'Latecomer',
        given: 'Bea',
        admit: '20261119',
      }),
    );
    expect(msa(admit).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN2002')).toMatchObject({
      admitted_on: '2026-11-19',
      discharged_on: '2026-11-21',
      active: 0,
    });
    const stored = await t.db
      .selectFrom('feed_messages')
      .select('status')
      .where('control_id', '=', 'C-OOO-2')
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('applied');
  });

  it('holds an A08 for an unknown patient; "apply again" keeps it held until the patient exists', async () => {
    expect(
      msa(
        await sender.send(
          adt({ event: 'A08', control: 'C-HELD-8', mrn: 'MRN3003', family: 'Nobody' }),
        ),
      ).code,
    ).toBe('AA');
    const row = await t.db
      .selectFrom('feed_messages')
      .select(['id', 'status'])
      .where('control_id', '=', 'C-HELD-8')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('held');
    const again = await call(t, admin, 'adminFeedMessageApply', { params: { messageId: row.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'held' });
  });

  it('cancels an admission with A11: off the Admission due list', async () => {
    await sender.send(
      adt({
        event: 'A04',
        control: 'C-A04-4',
        mrn: 'MRN4004',
        family: 'Mistaken',
        given: 'Cal',
        admit: '20261122',
      }),
    );
    expect(await dueNames(MAPLE, 'Admission')).toContain('Cal Mistaken');
    expect(
      msa(await sender.send(adt({ event: 'A11', control: 'C-A11-4', mrn: 'MRN4004' }))).code,
    ).toBe('AA');
    expect(await dueNames(MAPLE, 'Admission')).not.toContain('Cal Mistaken');
    expect(await resident(MAPLE, 'MRN4004')).toMatchObject({ admitted_on: null, active: 0 });
  });

  it('transfers with A02 between two facilities of one sender: discharged at the prior unit’s facility, admitted at the new one', async () => {
    await sender.send(
      adt({
        event: 'A01',
        control: 'C-A01-5',
        mrn: 'MRN5005',
        family: 'Mover',
        given: 'Dee',
        sendingFacility: 'CHAIN',
        unit: 'RIVER',
        admit: '20261110',
      }),
    );
    expect(await resident(RIVERSIDE, 'MRN5005')).toMatchObject({ active: 1 });
    const ack = await sender.send(
      adt({
        event: 'A02',
        control: 'C-A02-5',
        mrn: 'MRN5005',
        family: 'Mover',
        given: 'Dee',
        sendingFacility: 'CHAIN',
        unit: 'SOUTH',
        priorUnit: 'RIVER',
        occurred: '20261121150000',
      }),
    );
    expect(msa(ack).code).toBe('AA');
    expect(await resident(RIVERSIDE, 'MRN5005')).toMatchObject({
      discharged_on: '2026-11-21',
      active: 0,
    });
    expect(await resident(MAPLE, 'MRN5005')).toMatchObject({
      admitted_on: '2026-11-21',
      active: 1,
    });
    expect(await dueNames(MAPLE, 'Admission')).toContain('Dee Mover');
  });

  it('merges with A40: the record of MRG-1 takes the MRN of PID-3', async () => {
    await sender.send(
      adt({
        event: 'A01',
        control: 'C-A01-6',
        mrn: 'TMP6006',
        family: 'Merged',
        given: 'Eve',
        admit: '20261120',
      }),
    );
    const ack = await sender.send(
      adt({
        event: 'A40',
        control: 'C-A40-6',
        mrn: 'MRN6006',
        family: 'Merged',
        given: 'Eve',
        priorMrn: 'TMP6006',
      }),
    );
    expect(msa(ack).code).toBe('AA');
    expect(await resident(MAPLE, 'TMP6006')).toBeUndefined();
    expect(await resident(MAPLE, 'MRN6006')).toMatchObject({
      first_name: 'Eve',
      last_name: 'Merged',
    });
  });

  it('answers AE with the error in MSA-3 and ERR for a value the census cannot take, stores it as an error and applies nothing', async () => {
    const before = await t.counts();
    const ack = await sender.send(
      adt({ event: 'A01', control: 'C-BAD-1', mrn: 'MRN7007', family: '', admit: '20261121' }),
    );
    expect(msa(ack)).toMatchObject({ code: 'AE', controlId: 'C-BAD-1' });
    expect(msa(ack).text).toContain('PID-5');
    expect(ack).toMatch(/\rERR\|/);
    const after = await t.counts();
    expect(after).toEqual({ ...before, feed_messages: (before.feed_messages ?? 0) + 1 });
    const row = await t.db
      .selectFrom('feed_messages')
      .select(['status', 'error'])
      .where('control_id', '=', 'C-BAD-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'error' });

    const date = await sender.send(
      adt({ event: 'A01', control: 'C-BAD-2', mrn: 'MRN7008', admit: '20261341' }),
    );
    expect(msa(date).code).toBe('AE');
    expect(msa(date).text).toContain('PV1-44');
  });

  it('applies the messages of several connections in one group: a bad one rolls back only itself, a repeat in the same group is applied once (ADR 055)', async () => {
    const senders = await Promise.all([1, 2, 3].map(() => MllpSender.connect(port)));
    const before = await t.counts();
    const [good, bad, repeat] = await Promise.all([
      senders[0]?.send(
        adt({ event: 'A01', control: 'C-GRP-1', mrn: 'MRN9101', admit: '20261121' }),
      ),
      senders[1]?.send(
        adt({ event: 'A01', control: 'C-GRP-2', mrn: 'MRN9102', family: '', admit: '20261121' }),
      ),
      senders[2]?.send(
        adt({ event: 'A01', control: 'C-GRP-1', mrn: 'MRN9101', admit: '20261121' }),
      ),
    ]);
    for (const connection of senders) connection.close();
    expect(msa(good ?? null).code).toBe('AA');
    expect(msa(bad ?? null).code).toBe('AE');
    expect(msa(repeat ?? null).code).toBe('AA');
    expect(await resident(MAPLE, 'MRN9101')).toMatchObject({ admitted_on: '2026-11-21' });
    expect(await resident(MAPLE, 'MRN9102')).toBeUndefined();
    const stored = await t.db
      .selectFrom('feed_messages')
      .select(['control_id', 'status'])
      .where('control_id', 'in', ['C-GRP-1', 'C-GRP-2'])
      .orderBy('control_id')
      .execute();
    expect(stored).toEqual([
      { control_id: 'C-GRP-1', status: 'applied' },
      { control_id: 'C-GRP-2', status: 'error' },
    ]);
    const after = await t.counts();
    expect(after.residents).toBe((before.residents ?? 0) + 1);
    expect(after.feed_messages).toBe((before.feed_messages ?? 0) + 2);
  });

  it('tells the feed screen the listener, the last message received and the messages per hour by status', async () => {
    const response = await call(t, admin, 'adminFeedMapping', { params: { facilityId: MAPLE } });
    expect(response.statusCode).toBe(200);
    const feed = response.json<{
      listener: { configured: boolean; listening: boolean; connections: number };
      last_received_at: string | null;
      per_hour: { hour: string; applied: number; held: number; error: number }[];
    }>();
    expect(feed.listener).toMatchObject({ configured: true, listening: true });
    expect(feed.listener.connections).toBeGreaterThanOrEqual(1);
    const stored = await t.db
      .selectFrom('feed_messages')
      .select(['status', 'received_at'])
      .where('facility_id', '=', MAPLE)
      .execute();
    const newest = stored
      .map((row) => row.received_at)
      .sort()
      .at(-1);
    expect(feed.last_received_at).toBe(newest);
    expect(feed.per_hour).toHaveLength(24);
    const [first] = feed.per_hour;
    expect(first?.hour).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    const total = (status: 'applied' | 'held' | 'error') =>
      feed.per_hour.reduce((sum, hour) => sum + hour[status], 0);
    const count = (status: string) => stored.filter((row) => row.status === status).length;
    expect(total('applied')).toBe(count('applied'));
    expect(total('held')).toBe(count('held'));
    expect(total('error')).toBe(count('error'));
    expect(total('error')).toBeGreaterThan(0);
    // Riverside's screen counts only Riverside's messages.
    const riverside = await call(t, admin, 'adminFeedMapping', {
      params: { facilityId: RIVERSIDE },
    });
    expect(
      riverside
        .json<{ per_hour: { applied: number; held: number; error: number }[] }>()
        .per_hour.reduce((sum, hour) => sum + hour.applied + hour.held + hour.error, 0),
    ).toBe(
      (
        await t.db
          .selectFrom('feed_messages')
          .select('id')
          .where('facility_id', '=', RIVERSIDE)
          .execute()
      ).length,
    );
  });

  it('refuses (AR) and stores nothing: an unmapped sending facility, a message that is not ADT, a frame that is not HL7', async () => {
    const before = await t.counts();
    const unknown = await sender.send(
      adt({
        event: 'A01',
        control: 'C-AR-1',
        mrn: 'MRN8008',
        sendingFacility: 'ELSEWHERE',
        admit: '20261121',
      }),
    );
    expect(msa(unknown)).toMatchObject({ code: 'AR', controlId: 'C-AR-1' });
    const oru = adt({ event: 'A01', control: 'C-AR-2', mrn: 'MRN8009' }).replace(
      'ADT^A01^ADT_A01',
      'ORU^R01^ORU_R01',
    );
    expect(msa(await sender.send(oru)).code).toBe('AR');
    expect(await t.counts()).toEqual(before);

    const garbage = await MllpSender.connect(port);
    expect(msa(await garbage.send('HELLO|this is not HL7')).code).toBe('AR');
    await garbage.closed;
    expect(await t.counts()).toEqual(before);
  });

  it('closes a connection that sends a frame larger than the limit', async () => {
    const big = await MllpSender.connect(port);
    const answer = await big.sendRaw(Buffer.alloc(FEED_MESSAGE_MAX_BYTES + 70_000, 'A'));
    expect(answer).toBeNull();
    await big.closed;
  });

  it('shows the raw message to an administrator, audited, and never to a facility it is not theirs', async () => {
    const row = await t.db
      .selectFrom('feed_messages')
      .select('id')
      .where('control_id', '=', 'C-A01-1')
      .executeTakeFirstOrThrow();
    const response = await call(t, admin, 'adminFeedMessage', { params: { messageId: row.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ raw: string }>().raw).toMatch(/^MSH\|\^~\\&\|PCC\|MAPLEEHR/);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', row.id)
      .execute();
    expect(audit).toEqual([
      { action: 'feed.message_viewed', actor_user_id: admin.body.sf_user_id },
    ]);
  });

  it('applies a message once when two instances receive it at the same moment', async () => {
    const second = new CensusFeedListener({
      config: { port: 0, allowedSenders: ['127.0.0.1'], tls: undefined },
      host: '127.0.0.1',
      deps: t.ctx,
      log: t.app.log,
    });
    const secondPort = await second.start();
    try {
      const [a, b] = await Promise.all([MllpSender.connect(port), MllpSender.connect(secondPort)]);
      const message = adt({
        event: 'A01',
        control: 'C-TWICE',
        mrn: 'MRN9009',
        family: 'Twice',
        given: 'Flo',
        admit: '20261121',
      });
      const acks = await Promise.all([a.send(message), b.send(message)]);
      expect(acks.map((ack) => msa(ack).code)).toEqual(['AA', 'AA']);
      a.close();
      b.close();
      const residents = await t.db
        .selectFrom('residents')
        .select('id')
        .where('client_id', '=', 'MRN9009')
        .execute();
      expect(residents).toHaveLength(1);
      const surveys = await t.db
        .selectFrom('surveys')
        .select('id')
        .where('resident_id', '=', residents[0]?.id ?? '')
        .execute();
      expect(surveys).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe('census feed listener', () => {
  const t = useTestApp('sqlite', {
    config: { censusFeed: { port: 0, allowedSenders: ['10.20.30.0/24'], tls: undefined } },
  });

  it('disconnects a sender whose address is not allowed before it can send a message', async () => {
    const port = (await t.ctx.censusFeed?.start()) ?? 0;
    const stranger = await MllpSender.connect(port);
    const answer = await stranger.send(
      adt({ event: 'A01', control: 'C-X', mrn: 'MRNX', admit: '20261121' }),
    );
    expect(answer).toBeNull();
    await stranger.closed;
    expect(t.ctx.censusFeed?.stats.refusedConnections).toBe(1);
    expect((await t.counts()).feed_messages).toBe(0);
  });
});
