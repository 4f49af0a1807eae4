/**
 * The mails that tell a user about their own account's security (issue 31, ADR 042): their
 * second factor was turned on, off or reset, or someone kept giving wrong codes or PINs. They
 * name what happened and what to do, never a code, a secret or an address.
 */
import { THROTTLE_WINDOW_MINUTES } from './limits.js';

const signature = (publicUrl: string) => ['', 'CareVoice', publicUrl];

function mail(subject: string, lines: (name: string) => string[]) {
  return {
    subject,
    body: (name: string, publicUrl: string) =>
      [`Hello ${name},`, '', ...lines(name), ...signature(publicUrl)].join('\n'),
  };
}

const notYou =
  'If this was not you, change your password on My account at once and tell your administrator.';

export const SECURITY_MAIL_TEXT = {
  mfaEnabled: mail('Two-factor sign-in was turned on', () => [
    'Two-factor sign-in was turned on for your CareVoice account, with a new set of ten ' +
      'recovery codes. Signing in now asks for a code from your authenticator app after your ' +
      'password.',
    '',
    notYou,
  ]),
  mfaDisabled: mail('Two-factor sign-in was turned off', () => [
    'Two-factor sign-in was turned off for your CareVoice account: your password alone signs ' +
      'you in now, and your recovery codes no longer work.',
    '',
    notYou,
  ]),
  mfaReset: mail('Your two-factor sign-in was reset', () => [
    'An administrator reset two-factor sign-in for your CareVoice account: your password alone ' +
      'signs you in until you turn it on again on My account, and your recovery codes no ' +
      'longer work.',
    '',
    'If you did not ask for this, tell your administrator.',
  ]),
  codesSuspended: mail('Sign-in codes for your account are paused', () => [
    'Someone entered your CareVoice password correctly and then too many wrong codes from an ' +
      `authenticator app. Code entry for your account is paused for ${THROTTLE_WINDOW_MINUTES} ` +
      'minutes.',
    '',
    'If this was not you, your password is known to someone else: change it on My account as ' +
      'soon as you can, and tell your administrator.',
  ]),
  unlockSuspended: mail('Unlocking your tablet is paused', () => [
    'Too many wrong PINs or passwords were entered on a locked tablet signed in as you. ' +
      `Unlocking with your PIN or password is paused for ${THROTTLE_WINDOW_MINUTES} minutes; ` +
      'signing in again with your password still works.',
    '',
    'If this was not you, tell your administrator.',
  ]),
} as const;
