/**
 * The administration of users and their invitations (DESIGN §8): the list and its filters, the
 * invite and edit bodies, the user item the list and the edit answer with, and the public call
 * that accepts an invitation.
 */
import { z } from 'zod';
import { PERMISSION_TYPES } from '../enums.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import {
  CursorSchema,
  EmailSchema,
  IdSchema,
  pageOf,
  QueryFlagSchema,
  TextSchema,
  VersionSchema,
} from './common.js';

/**
 * Messages of this schema's field checks, defined here (ADMIN_TEXT refers to them) so the
 * contract, which every page loads, does not carry the whole back office's texts along.
 */
export const USER_FIELD_MESSAGES = {
  nameRequired: 'Enter the full name.',
  nameTooLong: 'The name can be at most 200 characters.',
  permissionUnknown: 'Not a known permission.',
  facilityRequired: 'Choose at least one facility.',
  noToken:
    'This page needs the link from your invitation email. Open the link in the email again, or ask your administrator for a new invitation.',
  invitationInvalid:
    'This invitation link does not work any more: it was already used, replaced by a newer invitation or revoked. Ask your administrator for a new invitation.',
} as const;

const text = USER_FIELD_MESSAGES;

/** Longest user name, and longest search text of the user list. */
export const USER_NAME_MAX_LENGTH = 200;
export const USER_SEARCH_MAX_LENGTH = 200;
/** Most facilities one request may name. */
export const USER_FACILITIES_MAX = 500;

/**
 * The web page that accepts an invitation. The mailed link is this path on PUBLIC_URL with the
 * token in the fragment (`#token=…`), which a browser never sends to a server or writes to a log.
 */
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/** The link of an invitation mail. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCEPT_INVITATION_PATH}#token=${encodeURIComponent(token)}`;
}

export const PermissionTypeSchema = z.enum(PERMISSION_TYPES, { error: text.permissionUnknown });

export const UserNameSchema = TextSchema.trim()
  .min(1, text.nameRequired)
  .max(USER_NAME_MAX_LENGTH, text.nameTooLong);

/** Permissions, each once (a repeated one counts once). */
const PermissionListSchema = z
  .array(PermissionTypeSchema)
  .max(PERMISSION_TYPES.length * 2, 'Too many permissions.')
  .transform((permissions) => [...new Set(permissions)]);

/** Facility ids, each once. */
const FacilityIdListSchema = z
  .array(IdSchema)
  .max(USER_FACILITIES_MAX, 'Too many facilities.')
  .transform((ids) => [...new Set(ids)]);

/** `GET admin/users/`: search (name or email), filters and the page cursor. */
export const AdminUsersQuerySchema = z.object({
  q: TextSchema.max(USER_SEARCH_MAX_LENGTH, 'Too long.').optional(),
  facility_id: IdSchema.optional(),
  permission: PermissionTypeSchema.optional(),
  active: QueryFlagSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

/**
 * A user as an administrator sees it. `permissions`: the explicit grants; `facility_ids`: every
 * facility granted, also those the administrator does not manage; `invitation_pending`: invited
 * and the invitation neither accepted nor revoked (it may have expired: it can be sent again).
 */
export const AdminUserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string(),
  active: z.boolean(),
  permissions: z.array(PermissionTypeSchema),
  facility_ids: z.array(IdSchema),
  all_facility_access: z.boolean(),
  all_permission_access: z.boolean(),
  mfa_enabled: z.boolean(),
  invitation_pending: z.boolean(),
  version: VersionSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = pageOf(AdminUserSchema);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/**
 * `POST admin/users/`: invites a user (201 `{id}` and the invitation mail). A user without
 * access to every facility needs at least one.
 */
export const AdminCreateUserRequestSchema = z
  .object({
    email: EmailSchema,
    name: UserNameSchema,
    permissions: PermissionListSchema,
    facility_ids: FacilityIdListSchema,
    all_facility_access: z.boolean().optional(),
    all_permission_access: z.boolean().optional(),
  })
  .refine((body) => body.all_facility_access === true || body.facility_ids.length > 0, {
    path: ['facility_ids'],
    message: text.facilityRequired,
  });
export type AdminCreateUserRequest = z.input<typeof AdminCreateUserRequestSchema>;
export type AdminCreateUser = z.output<typeof AdminCreateUserRequestSchema>;

/** `PATCH admin/users/{id}/`: the fields that change, and the `version` they were read at. */
export const AdminUpdateUserRequestSchema = z.object({
  name: UserNameSchema.optional(),
  permissions: PermissionListSchema.optional(),
  facility_ids: FacilityIdListSchema.optional(),
  all_facility_access: z.boolean().optional(),
  all_permission_access: z.boolean().optional(),
  version: VersionSchema,
});
export type AdminUpdateUserRequest = z.input<typeof AdminUpdateUserRequestSchema>;
export type AdminUpdateUser = z.output<typeof AdminUpdateUserRequestSchema>;

/** A new password: the same rule as the password reset (DESIGN §4). */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, 'Too long.');

/** `POST users/invitations/accept/` (public): the token from the link, and the password. */
export const AcceptInvitationRequestSchema = z.object({
  token: z
    .string()
    .min(1, text.noToken)
    .max(200, text.invitationInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, text.invitationInvalid),
  password: NewPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;
