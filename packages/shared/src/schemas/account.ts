/**
 * My account and the second factor (DESIGN §8): the signed-in user's sessions, password and
 * TOTP two-factor sign-in, and the login's second step.
 */
import { z } from 'zod';
import {
  CODE_INPUT_MAX_LENGTH,
  MFA_CODE_LENGTH,
  MFA_RECOVERY_CODE_COUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import { IdSchema } from './common.js';
import { LoginResponseSchema } from './auth.js';

export const AccountSessionSchema = z.object({
  id: IdSchema,
  /** The session making this request. */
  current: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountResponseSchema = z.object({
  name: z.string(),
  email: z.string(),
  mfa_enabled: z.boolean(),
  /** The user must turn on the second factor before the back office opens (config and grants). */
  mfa_required: z.boolean(),
  /** The live sessions, the current one first, then the most recently used. */
  sessions: z.array(AccountSessionSchema),
});
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, 'Too long.');

export const ChangePasswordRequestSchema = z.object({
  current_password: z
    .string()
    .min(1, MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, 'Too long.'),
  new_password: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** A code from the authenticator app: six digits (spaces typed between them are dropped). */
export const TotpCodeSchema = z
  .string()
  .max(CODE_INPUT_MAX_LENGTH, MESSAGES.mfaCodeFormat)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, MESSAGES.mfaCodeRequired)
      .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), MESSAGES.mfaCodeFormat),
  );

/** The same, or one of the recovery codes (`abcde-12345`; case, spaces and the dash optional). */
export const MfaCodeSchema = z
  .string()
  .max(CODE_INPUT_MAX_LENGTH, MESSAGES.mfaCodeOrRecoveryFormat)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, MESSAGES.mfaCodeRequired)
      .regex(
        new RegExp(`^(?:\\d{${MFA_CODE_LENGTH}}|[a-z2-7]{10})$`),
        MESSAGES.mfaCodeOrRecoveryFormat,
      ),
  );

export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan the QR code. */
  secret: z.string(),
  /** `otpauth://totp/…`: the QR code shows it. */
  otpauth_url: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

/** The current password: turning the second factor on needs it, as turning it off does. */
const CurrentPasswordSchema = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, 'Too long.');

export const MfaSetupRequestSchema = z.object({ password: CurrentPasswordSchema });
export type MfaSetupRequest = z.infer<typeof MfaSetupRequestSchema>;

export const MfaEnableRequestSchema = z.object({
  code: TotpCodeSchema,
  password: CurrentPasswordSchema,
});
export type MfaEnableRequest = z.infer<typeof MfaEnableRequestSchema>;

export const MfaEnableResponseSchema = z.object({
  /** Shown once; each signs in once instead of a code from the app. */
  recovery_codes: z.array(z.string()).length(MFA_RECOVERY_CODE_COUNT),
});
export type MfaEnableResponse = z.infer<typeof MfaEnableResponseSchema>;

export const MfaDisableRequestSchema = z.object({
  password: CurrentPasswordSchema,
  code: MfaCodeSchema,
});
export type MfaDisableRequest = z.infer<typeof MfaDisableRequestSchema>;

/** The login's answer for a user with a second factor: no session yet, a token for step two. */
export const LoginMfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
});
export type LoginMfaChallenge = z.infer<typeof LoginMfaChallengeSchema>;

/** `POST users/sf-login/`: signed in, or asked for the second factor (DESIGN §8). */
export const LoginAnswerSchema = z.union([LoginResponseSchema, LoginMfaChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const LoginMfaRequestSchema = z.object({
  mfa_token: z.string().min(1).max(2048),
  code: MfaCodeSchema,
});
export type LoginMfaRequest = z.infer<typeof LoginMfaRequestSchema>;

/** A PIN unlocks the tablet's lock (ADR 025): 4 to 6 digits. */
export const PinSchema = z
  .string()
  .max(PIN_MAX_LENGTH, MESSAGES.pinFormat)
  .regex(new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`), MESSAGES.pinFormat);

/** `POST account/pin/`: sets the PIN (`pin`), or removes it (`pin: null`), given the password. */
export const SetPinRequestSchema = z.object({
  password: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, 'Too long.'),
  pin: PinSchema.nullable(),
});
export type SetPinRequest = z.infer<typeof SetPinRequestSchema>;

/** `POST users/unlock/`: the signed-in user's password or PIN unlocks the tablet. */
export const UnlockRequestSchema = z.object({
  secret: z.string().min(1, MESSAGES.unlockSecretRequired).max(PASSWORD_MAX_LENGTH, 'Too long.'),
});
export type UnlockRequest = z.infer<typeof UnlockRequestSchema>;
