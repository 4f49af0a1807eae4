import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, TEST_START, useTestApp } from '../../test/harness.js';
import { recordAudit } from './audit.service.js';

describeEachDialect('audit trail', (dialect) => {
  const t = useTestApp(dialect);
  const meta = { at: TEST_START, ip: '10.1.2.3', userAgent: null, userId: null };

  it('records who, what, which record, which facility, when and from where', async () => {
    await recordAudit(t.db, meta, {
      action: 'survey.created',
      actorUserId: 'user-1',
      targetType: 'survey',
      targetId: 'survey-1',
      facilityId: 'facility-1',
      detail: { survey_type: 'Admission' },
    });
    const row = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', 'survey-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      occurred_at: TEST_START.toISOString(),
      actor_user_id: 'user-1',
      action: 'survey.created',
      target_type: 'survey',
      facility_id: 'facility-1',
      ip: '10.1.2.3',
      detail_json: '{"survey_type":"Admission"}',
    });
  });

  it('refuses to update or delete audit events (append-only)', async () => {
    await recordAudit(t.db, meta, { action: 'auth.logout', targetId: 'keep-me' });
    await expect(
      t.db
        .updateTable('audit_events')
        .set({ action: 'rewritten' })
        .where('target_id', '=', 'keep-me')
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.deleteFrom('audit_events').where('target_id', '=', 'keep-me').execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_events`.execute(t.db)).rejects.toThrow(/append-only/);
    const row = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', 'keep-me')
      .executeTakeFirst();
    expect(row?.action).toBe('auth.logout');
  });
});
