import { INVITATION_TTL_HOURS, PASSWORD_MIN_LENGTH } from './limits.js';
import { USER_FIELD_MESSAGES } from './schemas/admin-users.js';

/**
 * The texts of the public page that accepts an invitation (DESIGN §8). Apart from the back
 * office's texts (ADMIN_TEXT.users carries them too), so the page an invited user opens does not
 * download the back office's code.
 */
export const INVITATION_TEXT = {
  acceptHeading: 'Set your password',
  acceptIntro: 'Welcome to CareVoice. Choose a password to finish setting up your account.',
  newPassword: 'New password',
  newPasswordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  repeatPassword: 'Repeat the password',
  passwordsDiffer: 'The two passwords are not the same.',
  setPassword: 'Set password',
  acceptedHeading: 'Your account is ready',
  invitationAccepted: 'Your password is set. Sign in with your email address and the new password.',
  signIn: 'Sign in',
  noToken: USER_FIELD_MESSAGES.noToken,
  invitationInvalid: USER_FIELD_MESSAGES.invitationInvalid,
  invitationExpired: `This invitation link has expired (links work for ${INVITATION_TTL_HOURS} hours). Ask your administrator to send a new invitation.`,
} as const;
