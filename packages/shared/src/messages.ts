/**
 * Every user-visible text. Texts quoted by the spec are copied exactly (including their
 * capitalisation and punctuation); the rest are ours and say what happened and what to do.
 */
export const MESSAGES = {
  // Login (spec §5, §8)
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidCredentials: 'Invalid email or password.',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  loggedOut: 'Logged out.',
  // Home (spec §2, §8)
  selectFacilityFirst: 'Select facility first',
  permissionsLoadFailed: 'We could not load your services. Check the connection and try again.',
  // Forgot password (spec §2, §5, §8)
  enterEmail: 'Enter email',
  resetCodeSent: 'If an account exists for that address, a code is on its way. It is valid for 10 minutes.',
  otpNumeric: 'The code is the 6 digits from the email.',
  otpRequired: 'Enter the code from the email.',
  passwordTooShort: 'The password needs at least 8 characters.',
  invalidResetCode: 'The code is wrong or has expired. Request a new code.',
  tooManyResetAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  passwordUpdated: 'Password updated Successfully',
  // Generic (spec §8)
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongSubmit: 'Something went wrong.',
  notSignedIn: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  facilityForbidden: 'You do not have access to this facility.',
  userMismatch: 'The user id does not match the signed-in user.',
  crossSite: 'Cross-site request refused.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request body must be JSON.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;
export type MessageKey = keyof typeof MESSAGES;
