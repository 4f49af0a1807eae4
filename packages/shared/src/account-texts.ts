/**
 * The texts of My account (DESIGN §8), apart from messages.ts so that only the account screen's
 * chunk carries them (the contract every page loads stays as it was; ADR 014's pattern).
 */
import { PASSWORD_MIN_LENGTH } from './limits.js';

export const ACCOUNT_TEXT = {
  heading: 'My account',
  backHome: 'Back to Home',
  loading: 'Loading your account',
  loadFailed: 'We could not load your account. Check the connection and try again.',
  retry: 'Retry',
  sessions: {
    heading: 'Where you are signed in',
    help: 'Sign out a tablet or browser you no longer use. It is signed out at once.',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    unknownAddress: 'unknown address',
    lastSeen: (when: string) => `Last active ${when}`,
    signedIn: (when: string) => `signed in ${when}`,
    end: 'Sign out',
    endLabel: (device: string) => `Sign out ${device}`,
    endOthers: 'Sign out all other sessions',
    noOthers: 'You are not signed in anywhere else.',
  },
  password: {
    heading: 'Password',
    help: 'Changing your password signs you out everywhere else.',
    current: 'Current password',
    new: 'New password',
    newHelp: `At least ${PASSWORD_MIN_LENGTH} characters.`,
    submit: 'Change password',
  },
  twoFactor: {
    heading: 'Two-factor sign-in',
    on: 'On: signing in asks for a code from your authenticator app after your password.',
    off: 'Off: your password alone signs you in.',
    required:
      'Your back-office access needs two-factor sign-in. Turn it on to open Administration.',
    turnOn: 'Turn on two-factor sign-in',
    turnOnHelp: 'Enter your password to start.',
    start: 'Continue',
    scan: 'Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or FreeOTP), then enter the 6-digit code it shows.',
    qrLabel: 'QR code for your authenticator app',
    secretLabel: 'Or type this key into the app',
    code: 'Code from the app',
    confirm: 'Confirm',
    cancel: 'Cancel',
    recoveryHeading: 'Your recovery codes',
    recoveryHelp:
      'Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your phone. They are shown only now.',
    recoveryDone: 'I have saved them',
    turnOff: 'Turn off two-factor sign-in',
    turnOffHelp: 'Enter your password and a code from the app (or a recovery code).',
    password: 'Password',
    codeOrRecovery: 'Code or recovery code',
    enabled: 'Two-factor sign-in is on.',
  },
} as const;
