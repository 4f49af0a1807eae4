import crypto from 'node:crypto';
import {
  ADMIN_TEXT,
  AdminUsersResponseSchema,
  CreatedResponseSchema,
  INVITATION_TTL_HOURS,
  MAIL_TEXT,
  MESSAGES,
} from '@carevoice/shared';
import { beforeAll, expect, it } from 'vitest';
import { dbState } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, MAPLE, RIVERSIDE } from '../../test/survey-kit.js';

const text = ADMIN_TEXT.users;
const NEW_PASSWORD = 'my-own-long-password';

describeEachDialect('invitations', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  const newEmail = () => `invitee-${crypto.randomUUID().slice(0, 8)}@carevoice.test`;

  /** Invites a Maple Grove staff member as admin@; the id and the mailed token. */
  async function invite(
    email = newEmail(),
    body: Record<string, unknown> = {},
  ): Promise<{ id: string; email: string; token: string }> {
    const response = await call(t, admin, 'adminCreateUser', {
      body: {
        email,
        name: 'Iris Invitee',
        permissions: ['Patients_Surveys'],
        facility_ids: [MAPLE],
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = CreatedResponseSchema.parse(response.json());
    const address = email.trim().toLowerCase();
    return { id, email: address, token: await t.mail.lastInvitationToken(address) };
  }

  const accept = (token: string, password = NEW_PASSWORD) =>
    call(t, undefined, 'acceptInvitation', { body: { token, password } });

  async function expectAcceptRefused(token: string, detail: string) {
    const before = await dbState(t);
    const response = await accept(token);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await dbState(t)).toEqual(before);
  }

  const userRow = (id: string) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const listItem = async (email: string) => {
    const response = await call(t, admin, 'adminUsers', { query: { q: email } });
    return AdminUsersResponseSchema.parse(response.json()).items.find(
      (item) => item.email === email,
    );
  };

  it('invite → the mail carries the link with the token in its fragment → accept → sign in', async () => {
    const email = newEmail();
    const sentBefore = t.mail.sent.length;
    const { id, token } = await invite(`  ${email.toUpperCase()} `);

    // An inactive account without a password anyone knows, with the grants asked for.
    const row = await userRow(id);
    expect(row).toMatchObject({ email, name: 'Iris Invitee', active: 0, version: 1 });
    expect(await listItem(email)).toMatchObject({
      active: false,
      invitation_pending: true,
      permissions: ['Patients_Surveys'],
      facility_ids: [MAPLE],
    });

    // One mail, to the invitee, with the link on PUBLIC_URL and the token only in the fragment.
    expect(t.mail.sent.length).toBe(sentBefore + 1);
    const mail = t.mail.sent.at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe(MAIL_TEXT.invitation.subject);
    expect(mail?.text).toContain(`${t.config.publicUrl}/accept-invitation#token=${token}`);
    expect(mail?.text).toContain('Ada Admin');
    expect(mail?.text).not.toMatch(/[?&]token=/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the token is stored; no audit detail carries it.
    const invitations = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(invitations).toHaveLength(1);
    expect(invitations[0]?.token_hash).not.toContain(token);
    expect(invitations[0]?.created_by).toBe(admin.body.sf_user_id);
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', id)
      .execute();
    expect(audit.map((event) => event.action)).toEqual(['user.invited']);
    expect(audit[0]?.facility_id).toBe(MAPLE);
    expect(JSON.stringify(audit)).not.toContain(token);

    // Before accepting, the account cannot sign in.
    await expect(t.login(email, NEW_PASSWORD)).rejects.toThrow(/401/);

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ detail: text.invitationAccepted });
    expect(await userRow(id)).toMatchObject({ active: 1, version: 2 });
    expect(await listItem(email)).toMatchObject({ active: true, invitation_pending: false });

    const session = await t.login(email, NEW_PASSWORD);
    expect(session.body).toMatchObject({ email, name: 'Iris Invitee', sf_user_id: id });
    const permissions = await call(t, session, 'permissions', { params: { sfUserId: id } });
    expect(permissions.json()).toMatchObject({ permissions: [{ type: 'Patients_Surveys' }] });
    const events = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', id)
      .where('action', '=', 'user.invitation_accepted')
      .execute();
    expect(events).toEqual([{ action: 'user.invitation_accepted', actor_user_id: id }]);

    // Single use.
    await expectAcceptRefused(token, text.invitationInvalid);
  });

  it('an address already in use is 409 and nothing is written', async () => {
    const before = await dbState(t);
    const sent = t.mail.sent.length;
    const response = await call(t, admin, 'adminCreateUser', {
      body: {
        email: 'Staff@CareVoice.test',
        name: 'Sam Again',
        permissions: [],
        facility_ids: [MAPLE],
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: text.emailTaken });
    expect(await dbState(t)).toEqual(before);
    expect(t.mail.sent.length).toBe(sent);
  });

  it('an invitation without a facility (and without every facility) is 400', async () => {
    const response = await call(t, admin, 'adminCreateUser', {
      body: { email: newEmail(), name: 'Nobody', permissions: [], facility_ids: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: MESSAGES.badRequest,
      errors: { facility_ids: text.facilityRequired },
    });
    const everywhere = await call(t, admin, 'adminCreateUser', {
      body: {
        email: newEmail(),
        name: 'Everywhere',
        permissions: [],
        facility_ids: [],
        all_facility_access: true,
      },
    });
    expect(everywhere.statusCode, everywhere.body).toBe(201);
  });

  it('resend: a new token works, the old one stops working', async () => {
    const { id, email, token: first } = await invite();
    const response = await call(t, admin, 'adminResendInvitation', { params: { userId: id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: text.invitationResent });
    const second = await t.mail.lastInvitationToken(email);
    expect(second).not.toBe(first);
    await expectAcceptRefused(first, text.invitationInvalid);
    expect((await accept(second)).statusCode).toBe(200);
    // Accepted: nothing pending any more.
    const again = await call(t, admin, 'adminResendInvitation', { params: { userId: id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: text.noPendingInvitation });
  });

  it('revoke: the link stops working and the user stays inactive; Reactivate sends a new invitation', async () => {
    const { id, email, token } = await invite();
    const revoked = await call(t, admin, 'adminRevokeInvitation', { params: { userId: id } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ detail: text.invitationRevoked });
    await expectAcceptRefused(token, text.invitationInvalid);
    expect(await listItem(email)).toMatchObject({ active: false, invitation_pending: false });
    for (const name of ['adminRevokeInvitation', 'adminResendInvitation'] as const) {
      const response = await call(t, admin, name, { params: { userId: id } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: text.noPendingInvitation });
    }

    const sent = t.mail.sent.length;
    const reactivated = await call(t, admin, 'adminReactivateUser', { params: { userId: id } });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toEqual({ detail: text.reactivatedInvited });
    await t.mail.settle();
    expect(t.mail.sent.length).toBe(sent + 1);
    expect(await listItem(email)).toMatchObject({ active: false, invitation_pending: true });
    const pending = await call(t, admin, 'adminReactivateUser', { params: { userId: id } });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ detail: text.invitationStillPending });
    expect((await accept(await t.mail.lastInvitationToken(email))).statusCode).toBe(200);
    expect((await t.login(email, NEW_PASSWORD)).body.sf_user_id).toBe(id);
  });

  it('deactivating an invited user withdraws the invitation', async () => {
    const { id, token } = await invite();
    const response = await call(t, admin, 'adminDeactivateUser', { params: { userId: id } });
    expect(response.statusCode, response.body).toBe(200);
    await expectAcceptRefused(token, text.invitationInvalid);
  });

  it(`a link works for ${INVITATION_TTL_HOURS} hours, and not a minute longer`, async () => {
    const early = await invite();
    const late = await invite();
    t.clock.advanceMinutes(INVITATION_TTL_HOURS * 60 - 1);
    expect((await accept(early.token)).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    await expectAcceptRefused(late.token, text.invitationExpired);
    // The administrator's session idled out meanwhile.
    admin = await t.login('admin@carevoice.test');
    // Still pending: the administrator can send a new link, which works.
    expect((await listItem(late.email))?.invitation_pending).toBe(true);
    const resent = await call(t, admin, 'adminResendInvitation', {
      params: { userId: late.id },
    });
    expect(resent.statusCode).toBe(200);
    expect((await accept(await t.mail.lastInvitationToken(late.email))).statusCode).toBe(200);
  });

  it('unknown, malformed and short-password requests are 400 and write nothing', async () => {
    await expectAcceptRefused(crypto.randomBytes(32).toString('base64url'), text.invitationInvalid);
    const { token } = await invite();
    for (const body of [
      { token: 'not a token!', password: NEW_PASSWORD },
      { token: '', password: NEW_PASSWORD },
      { token, password: 'short' },
      { token },
      {},
    ]) {
      const before = await dbState(t);
      const response = await call(t, undefined, 'acceptInvitation', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(await dbState(t)).toEqual(before);
    }
    const short = await call(t, undefined, 'acceptInvitation', {
      body: { token, password: 'short' },
    });
    expect(short.json()).toMatchObject({ errors: { password: MESSAGES.passwordTooShort } });
    // The token was not used up by the refusals.
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('a facility-scoped administrator invites into their facilities, named in the mail and the audit', async () => {
    const officeEmail = newEmail();
    const created = await call(t, admin, 'adminCreateUser', {
      body: {
        email: officeEmail,
        name: 'Olive Office',
        permissions: ['Administration', 'Patients_Surveys'],
        facility_ids: [MAPLE, RIVERSIDE],
      },
    });
    expect(created.statusCode).toBe(201);
    expect((await accept(await t.mail.lastInvitationToken(officeEmail))).statusCode).toBe(200);
    const office = await t.login(officeEmail, NEW_PASSWORD);
    const email = newEmail();
    const response = await call(t, office, 'adminCreateUser', {
      body: { email, name: 'Rita Riverside', permissions: [], facility_ids: [RIVERSIDE] },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.mail.settle();
    const mail = t.mail.sent.at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.text).toContain('Olive Office');
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['facility_id', 'actor_user_id'])
      .where('action', '=', 'user.invited')
      .where('target_id', '=', CreatedResponseSchema.parse(response.json()).id)
      .execute();
    expect(audit).toEqual([{ facility_id: RIVERSIDE, actor_user_id: office.body.sf_user_id }]);
  });
});
