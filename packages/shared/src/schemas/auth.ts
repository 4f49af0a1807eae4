import { z } from 'zod';
import { PERMISSION_TYPES } from '../enums.js';
import {
  CODE_INPUT_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import { EmailSchema, IdSchema, TextSchema } from './common.js';

export const LoginRequestSchema = z.object({
  username: TextSchema.trim().min(1, MESSAGES.emailRequired).max(254, 'Too long.'),
  password: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, 'Too long.'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The profile part of the login response: what the script-readable `token` cookie holds. */
export const UserProfileSchema = z.object({
  all_facility_access: z.boolean(),
  all_permission_access: z.boolean(),
  sf_user_id: IdSchema,
  name: z.string(),
  email: z.string(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const LoginResponseSchema = UserProfileSchema.extend({
  jwt_access: z.string(),
  jwt_refresh: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * The profile, and what the tablet's lock needs (ADR 025): minutes without a touch before the
 * screen locks (0: never) and whether the user has a PIN to unlock it with.
 */
export const MeResponseSchema = UserProfileSchema.extend({
  idle_lock_minutes: z.number().min(0),
  pin_set: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const RefreshRequestSchema = z.object({ refresh: z.string().min(1).max(4096) });
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;
/** A new access token and the refresh token that replaces the one sent (rotation, ADR 021). */
export const RefreshResponseSchema = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const PermissionSchema = z.object({ type: z.enum(PERMISSION_TYPES) });
export const FacilitySchema = z.object({ id: IdSchema, name: z.string() });
export type Facility = z.infer<typeof FacilitySchema>;

export const FacilityPermissionResponseSchema = z.object({
  permissions: z.array(PermissionSchema),
  facilities: z.array(FacilitySchema),
});
export type FacilityPermissionResponse = z.infer<typeof FacilityPermissionResponseSchema>;

export const ResetRequestSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.enterEmail).max(254, 'Too long.').pipe(EmailSchema),
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const ResetRequestResponseSchema = z.object({ user_id: IdSchema });
export type ResetRequestResponse = z.infer<typeof ResetRequestResponseSchema>;

export const ResetConfirmSchema = z.object({
  otp: z
    .string()
    .max(CODE_INPUT_MAX_LENGTH, MESSAGES.otpNumeric)
    .trim()
    .min(1, MESSAGES.otpRequired)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.otpNumeric),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, 'Too long.'),
  user_id: IdSchema,
});
export type ResetConfirm = z.infer<typeof ResetConfirmSchema>;
