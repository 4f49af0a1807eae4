import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  INVITATION_TTL_HOURS,
  MFA_CODE_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_TTL_MINUTES,
  THROTTLE_WINDOW_MINUTES,
  UNLISTED_SEARCH_MIN_CHARS,
} from './limits.js';

/**
 * Every user-visible text. Texts quoted by the spec are copied exactly (including their
 * capitalisation and punctuation); the rest are ours and say what happened and what to do.
 */
export const MESSAGES = {
  // Login (spec §5, §8)
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidCredentials: 'Invalid email or password.',
  tooManyLoginAttempts: `Too many sign-in attempts. Please wait ${THROTTLE_WINDOW_MINUTES} minutes and try again.`,
  sessionExpired: 'Your session has ended. Please sign in again.',
  loggedOut: 'Logged out.',
  // Home (spec §2, §8)
  selectFacilityFirst: 'Select facility first',
  permissionsLoadFailed: 'We could not load your services. Check the connection and try again.',
  // Forgot password (spec §2, §5, §8)
  enterEmail: 'Enter email',
  resetCodeSent: `If an account exists for that address, a code is on its way. It is valid for ${RESET_CODE_TTL_MINUTES} minutes.`,
  otpNumeric: `The code is the ${OTP_LENGTH} digits from the email.`,
  otpRequired: 'Enter the code from the email.',
  passwordTooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  invalidResetCode: 'The code is wrong or has expired. Request a new code.',
  tooManyResetAttempts: `Too many attempts. Please wait ${THROTTLE_WINDOW_MINUTES} minutes and try again.`,
  passwordUpdated: 'Password updated Successfully',
  // Generic (spec §8)
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongSubmit: 'Something went wrong.',
  notSignedIn: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  allAccessRequired: 'Only a user with access to every facility and every permission can do this.',
  facilityForbidden: 'You do not have access to this facility.',
  userMismatch: 'The user id does not match the signed-in user.',
  crossSite: 'Cross-site request refused.',
  notFound: 'Not found.',
  badRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  csvTooLarge: `The file is larger than ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  csvTooManyRows: `The file has more than ${CSV_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  csvUnknownColumn: 'This column is not one of the expected columns.',
  csvDuplicateColumn: 'This column appears twice.',
  csvMissingColumn: 'This column is missing.',
  csvEmpty: 'The file is empty.',
  csvQuotes: 'A quoted value is not closed.',
  csvFieldCount: 'This row has a different number of values than the header.',
  csvUnreadable: 'This row cannot be read.',
  csvEncodingUnknown:
    'This file is not in UTF-8 and its encoding could not be recognised. In the spreadsheet, save it as "CSV UTF-8 (Comma delimited)" and import it again.',
  csvReplacementCharacter:
    'This value holds a character that could not be read (�). Save the file as "CSV UTF-8 (Comma delimited)" and import it again.',
  invalidCursor: 'This page link is not valid any more. Start again from the first page.',
  versionConflict:
    'Someone else changed this record since you opened it. Reload to see their change, then make yours again.',
  uriTooLong: 'The address is too long.',
  unsupportedMediaType: 'The request body must be JSON.',
  databaseUnavailable:
    'The database is busy or cannot be reached right now. Please try again in a moment.',
  // Web client: failures that never reached a server answer (DESIGN §6)
  networkError: 'Could not reach the server. Check the connection and try again.',
  requestTimedOut: 'The server took too long to answer. Please try again.',
  unexpectedResponse: 'The server sent an answer this app does not understand. Please try again.',
  screenLoadFailed: 'This screen could not be loaded. Check the connection and reload the page.',
  // Resident surveys (spec §2, §5, §8)
  surveyCreated: 'Survey created successfully!',
  answerRequired: 'Please answer the question to proceed.',
  firstQuestion: 'This is the first question.',
  noSurveyQuestions: 'No survey questions',
  successfullySubmitted: 'Successfully submitted.',
  selectDelayDate: 'Please select a date',
  delaySaved: 'Successfully Saved',
  selectReason: 'Select a reason',
  dischargeUpdated: 'Successfully updated',
  surveyAlreadyCompleted: 'This survey has already been submitted.',
  answerNotNumber: 'Please enter a number.',
  answerNotOption: 'Please choose one of the answers shown.',
  reviewRequired: 'Write a review.',
  submissionQueued:
    'Your answers are saved on this tablet and will be sent as soon as the server can be reached.',
  storageUnavailable:
    'This browser is not keeping answers on the tablet (storage is full or turned off). Finish the survey without reloading the page.',
  // Survey records and submission: server refusals (ADR 005)
  searchTooShort: `Type at least ${UNLISTED_SEARCH_MIN_CHARS} characters to search.`,
  dateRangeReversed: 'The start date must be on or before the end date.',
  surveyNotFound: 'This survey does not exist.',
  surveyNotCompletable: 'This survey was marked as not completable.',
  surveyConsentRefused: 'Consent to this survey was refused.',
  pinFormat: 'A PIN is 4 to 6 digits.',
  unlockSecretRequired: 'Enter your password or PIN.',
  unlockWrong: 'That password or PIN is not right.',
  exportFailed: 'The export failed. Try again.',
  nonAnswerNotAllowed: (position: number, question: string) =>
    `Answer ${position} ("${question}") cannot be declined.`,
  nonAnswerWithAnswer: (position: number) =>
    `Answer ${position} has both an answer and a non-answer.`,
  residentNotFound: 'This resident does not exist.',
  residentOtherFacility: 'This resident does not belong to the chosen facility.',
  residentDischarged: 'This resident has been discharged; no new survey can be started for them.',
  surveySetNotFound: 'This survey set does not exist.',
  surveySetNotAssigned: 'This survey set is not assigned to the chosen facility.',
  surveySetForbidden: 'This survey set is not assigned to any of your facilities.',
  delayDischargeOnly: 'Only a Discharge survey can be delayed.',
  delayDateInPast: 'The delay date cannot be before today.',
  delayDateTooFar: 'The delay date can be at most one year from today.',
  idempotencyKeyMissing: `The ${IDEMPOTENCY_KEY_HEADER} header is missing: send the key made when the survey started.`,
  idempotencyKeyInvalid: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters of letters, digits, "_" or "-".`,
  idempotencyKeyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for different answers. Start the survey again to send new answers.`,
  answerOtherSurvey:
    'Every answer must belong to the survey being submitted (Patient_Survey__c must equal patient_id).',
  answerOutOfOrder: (position: number, expected: string) =>
    `Answer ${position} is not for the question the survey asks next ("${expected}").`,
  answerAfterEnd: (position: number) =>
    `Answer ${position} comes after the last question of this survey.`,
  answersIncomplete: (expected: string) =>
    `The answers stop before the end of the survey: "${expected}" has no answer (send null for a skipped optional question).`,
  answerMissing: (position: number, question: string) =>
    `Answer ${position} ("${question}") is required.`,
  answerNotANumber: (position: number, question: string) =>
    `Answer ${position} ("${question}") must be a number.`,
  answerOutOfRange: (position: number, question: string, range: string) =>
    `Answer ${position} ("${question}") must be ${range}.`,
  answerNotAnOption: (position: number, question: string) =>
    `Answer ${position} ("${question}") is not one of the question's options.`,
  answerUnsupportedType: (position: number, question: string) =>
    `Answer ${position} ("${question}") is for a question type this server cannot check.`,
  answerUnknownQuestion: (position: number) =>
    `Answer ${position} names a question that is not part of this survey's questionnaire.`,
  answersMixVersions:
    'The answers name questions of different versions of the questionnaire. Answer every question of one version: start the survey again to get the current questions.',
  acknowledgedEmployeeUnknown: (position: number, code: string) =>
    `Acknowledgement ${position}: there is no active employee with the code "${code}" at this survey's facility.`,
  // Acknowledgement review (spec §8)
  reviewApproved: 'Successfully Approved',
  reviewDenied: 'Successfully Denied',
  reviewAlreadyDecided: 'This review was already handled by someone else.',
  reviewNotFound: 'This review does not exist.',
  reviewOtherFacility: 'This review does not belong to the chosen facility.',
  reviewsForbidden:
    'You do not have access to employee acknowledgements in this facility. Ask a manager if you need it.',
  reviewsLoadFailed: 'We could not load the acknowledgements. Check the connection and try again.',
  pageNotFound: 'There is no page at this address.',
  // My account and two-factor sign-in (DESIGN §8)
  currentPasswordRequired: 'Enter your current password.',
  mfaCodeRequired: 'Enter the code from your authenticator app.',
  mfaCodeFormat: `The code is the ${MFA_CODE_LENGTH} digits your authenticator app shows.`,
  mfaCodeOrRecoveryFormat: `Enter the ${MFA_CODE_LENGTH} digits your authenticator app shows, or a recovery code.`,
  mfaRequiredForAdministration:
    'Turn on two-factor sign-in on My account before you open the back office.',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/**
 * What the server answers on sign-in, My account and two-factor sign-in (DESIGN §8) that no screen
 * quotes itself: the web app shows the answer's `detail`, so these stay out of its bundles.
 */
export const ACCOUNT_MESSAGES = {
  refreshTokenReused:
    'This refresh token was already used, so the sign-in was ended for safety. Please sign in again.',
  attemptsDelayed: (seconds: number) =>
    `Too many failed attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
  currentPasswordWrong: 'The current password is not right.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionEnded: 'The session has been signed out.',
  otherSessionsEnded: 'Your other sessions have been signed out.',
  mfaCodeWrong: 'The code is not right. Check the time on your device, then try the newest code.',
  mfaLoginExpired: 'The sign-in took too long. Please enter your email and password again.',
  unlockSuspended: `Too many wrong tries: unlocking is paused for ${THROTTLE_WINDOW_MINUTES} minutes. Tap “Not you?” and sign in again with your password.`,
  mfaSetupFirst: 'Start the setup again: scan the new QR code, then enter its code.',
  mfaAlreadyEnabled: 'Two-factor sign-in is already on.',
  mfaNotEnabled: 'Two-factor sign-in is not on.',
  mfaDisabled: 'Two-factor sign-in is off.',
  mfaResetDone:
    'Two-factor sign-in was reset. The user signs in with the password alone until they turn it on again.',
} as const;

/** Screen copy of the web app: headings, labels and buttons. Quoted spec texts copied exactly. */
export const UI_TEXT = {
  appName: 'CareVoice',
  login: {
    heading: 'Welcome back',
    subtitle: 'Sign in to CareVoice with your work email.',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    forgotPassword: 'Forget password ?',
    submit: 'LOGIN',
    register: 'Register',
  },
  forgotPassword: {
    requestHeading: 'Forget Password',
    email: 'Email',
    emailHelp: "We'll never share your email with anyone else.",
    send: 'Send',
    confirmHeading: 'Generate Password',
    otp: 'Code from the email (OTP)',
    newPassword: 'New password',
    newPasswordHelp: `At least ${PASSWORD_MIN_LENGTH} characters.`,
    submit: 'Submit',
    back: 'Back',
  },
  shell: {
    homeLink: 'CareVoice, Home',
    logout: 'Logout',
    myAccount: 'My account',
    checkingSession: 'Checking your session',
    loadingScreen: 'Loading',
  },
  home: {
    heading: 'Our Services',
    facility: 'Facility',
    facilityPlaceholder: 'Select facility here',
    loadingServices: 'Loading your services',
    retry: 'Retry',
    // Not the spec's: an install without a facility for the user (issue 33, ADR 051).
    noFacility:
      'No facility is set up for you yet. Ask your CareVoice administrator to add yours and give you access.',
    noFacilityAdmin: 'No facility is set up yet: the first-run checklist shows the way.',
    openChecklist: 'Open the first-run checklist',
    tileDescriptions: {
      'managed-care': 'Updates from managed care plans.',
      'patient-surveys': 'Admission, discharge and additional surveys.',
      'incentive-acknowledgement': 'Review staff acknowledgements.',
      'social-work': 'Social work for residents.',
      'lorem-ipsum-1': 'Consectetur adipiscing elit, sed do eiusmod tempor.',
      'lorem-ipsum-2': 'Ut enim ad minim veniam, quis nostrud exercitation.',
      administration: 'People, residents, employees and settings of your facilities.',
      'survey-results': 'What residents said: dashboards, exports and alerts.',
    },
  },
  /** Survey type chooser, due list, unlisted residents, choice, delay and discharge screens. */
  surveys: {
    chooserHeading: 'Patient Surveys',
    admission: 'Admission Surveys',
    discharge: 'Discharge Surveys',
    additional: 'Additional Surveys',
    listHeading: (type: string) => `Patient Surveys - ${type}`,
    search: 'Search here',
    dateRange: 'Due date range',
    noSurveysDue: 'No surveys are due',
    card: (lastName: string, firstName: string, dueDate: string) =>
      `${lastName}, ${firstName} - ${dueDate}`,
    unlistedButton: 'Unlisted resident(s)',
    unlistedHeading: 'Create Survey for Unlisted Resident',
    noDataFound: 'No Data Found',
    startSurvey: 'Start Survey',
    delaySurvey: 'Delay Survey',
    cantComplete: "Can't Complete",
    admissionDischargePrompt: 'Are you sure you want to set this patient to discharged?',
    dischargeDischargePrompt: 'Are you sure ?',
    delayHeading: 'Select Delay Date',
    save: 'Save',
    saving: 'Saving..',
    reasonPlaceholder: 'Select a reason',
    submit: 'Submit',
    back: 'Back',
    // Ours (not quoted by the spec): labels, hints and states of the same screens.
    chooserIntro: 'Choose the kind of survey to take.',
    facility: 'Facility',
    searchLabel: 'Search residents',
    dateRangePlaceholder: 'Pick a first and a last date',
    clearDates: 'Clear the dates',
    loadingSurveys: 'Loading the surveys',
    listLoadFailed: 'We could not load the surveys. Check the connection and try again.',
    retry: 'Retry',
    residentCount: (shown: number, total: number) =>
      shown === total
        ? `${total} ${total === 1 ? 'resident' : 'residents'}`
        : `${shown} of ${total} residents`,
    noSearchMatch: (search: string) => `No resident on this list matches "${search}".`,
    unlistedSearchLabel: 'Resident name or client id',
    unlistedSearchHint: `Type at least ${UNLISTED_SEARCH_MIN_CHARS} characters; the search starts when you pause typing.`,
    unlistedSearching: 'Searching',
    unlistedResult: (lastName: string, firstName: string, clientId: string) =>
      `${lastName}, ${firstName} (${clientId})`,
    unlistedResults: 'Residents found',
    choiceLabel: (type: string) => `${type} survey`,
    choiceIntro: 'What would you like to do?',
    delayDate: 'Delay date',
    delayDatePlaceholder: 'Pick a date',
    reason: 'Reason',
    close: 'Close',
    /** Names of the calendar's icon buttons, for screen readers. */
    calendar: {
      previousMonth: 'Previous month',
      nextMonth: 'Next month',
      previousYear: 'Previous year',
      nextYear: 'Next year',
      previousDecade: 'Previous decade',
      nextDecade: 'Next decade',
      monthLevelControl: 'Choose another month',
      yearLevelControl: 'Choose another year',
    },
  },
  /** Consent, question runner, acknowledgement question, employee review and print. */
  questions: {
    consent: 'Do you allow for us to conduct this survey?',
    yes: 'Yes',
    no: 'No',
    heading: (position: number, text: string) => `Question: ${position} ${text}`,
    prev: 'Prev',
    next: 'Next',
    acknowledge: 'Are there any employees you would like to acknowledge for doing a good job?',
    acknowledgeHeading: (text: string) => `Question: ${text}`,
    unsupportedType: (type: string) => `Unsupported question type: ${type}`,
    addReview: 'Add review here',
    close: 'Close',
    submit: 'Submit',
    anotherEmployee: 'Is there any other employee you would like to acknowledge?',
    thankYou: 'Thank you for completing the survey.',
    print: 'Print',
    returnHome: 'Return Home',
    printHeading: (patient: string, type: string) => `${patient} - ${type} Survey`,
    submittedHeading: 'Submitted Survey Question',
    noAnswer: 'No answer',
    comment: 'Comment',
    answer: 'Answer',
    department: 'Department',
    position: 'Position',
    employee: 'Employee',
    chooseDepartment: 'Choose a department',
    choosePosition: 'Choose a position',
    chooseEmployee: 'Choose an employee',
    backStep: 'Back',
    noEmployees: 'There are no active employees in this facility.',
    acknowledged: 'Acknowledged in this survey',
    answerPlaceholder: 'Select an answer',
    textPlaceholder: 'Type the answer here',
    numberPlaceholder: 'Type a number',
    loadingQuestions: 'Loading the questions',
    loadingAnswers: 'Loading the answers',
    loadingEmployees: 'Loading the employees',
    submitting: 'Sending the answers',
  },
  /** Home: surveys in progress and submissions waiting on this tablet (DESIGN §6). */
  pendingWork: {
    heading: 'Waiting on this tablet',
    resume: (patient: string, type: string) => `Continue the ${type} survey of ${patient}`,
    continue: 'Continue',
    discard: 'Discard',
    discardConfirm: 'Discard these answers? They have not been sent and cannot be recovered.',
    keep: 'Keep',
    waiting: (count: number) =>
      count === 1
        ? '1 submitted survey is waiting to be sent.'
        : `${count} submitted surveys are waiting to be sent.`,
    sendNow: 'Send now',
    refused: (patient: string, type: string) => `The ${type} survey of ${patient} was refused`,
    logoutHeading: 'Answers not sent yet',
    logoutWarning: (count: number) =>
      count === 1
        ? 'One survey on this tablet has not reached the server yet. Logging out removes it from this tablet.'
        : `${count} surveys on this tablet have not reached the server yet. Logging out removes them from this tablet.`,
    stay: 'Stay signed in',
    logoutAnyway: 'Log out anyway',
  },
  /** Additional survey sets and the culinary department review. */
  surveySets: {
    heading: 'Additional Surveys',
    setPlaceholder: 'Select a Survey Set',
    noSets: 'No survey sets assigned to this facility.',
    activePatients: 'Active Patients',
    noActivePatients: 'No Active Patients',
    commentPlaceholder: 'Please provide your additional comments...',
    acknowledge: 'Are there any employees you would like to acknowledge for outstanding service?',
    confirmSubmit: 'Are you sure you want to submit?',
    back: 'Back',
    submitAnswers: 'Submit Answers',
    activeEmployees: 'Active Employees',
    setLabel: 'Survey set',
    loadingSets: 'Loading the survey sets',
    loadingPatients: 'Loading the residents',
    searchPatients: 'Find a resident',
  },
  /** Manager review of employee acknowledgements. */
  acknowledgements: {
    heading: 'Employee Acknowledgement List',
    reviewsHeading: (name: string) => `${name}'s Reviews`,
    patientName: 'Patient Name',
    surveyDate: 'Survey Date',
    review: 'Review',
    action: 'Action',
    approve: 'Approve',
    deny: 'Deny',
    notAvailable: 'N/A',
    noData: 'No data found',
    // Ours (not quoted by the spec): labels, hints and states of the same screen.
    back: 'Back',
    home: 'Go to Home',
    retry: 'Retry',
    loading: 'Loading the acknowledgements',
    employees: 'Employees with reviews waiting',
    chooseEmployee: 'Choose an employee to see the reviews waiting for a decision.',
    pendingCount: (count: number) =>
      count === 1 ? '1 review waiting' : `${count} reviews waiting`,
    approveReview: (patient: string) => `Approve the review from ${patient}`,
    denyReview: (patient: string) => `Deny the review from ${patient}`,
  },
  /** The second step of signing in (DESIGN §8). */
  loginMfa: {
    heading: 'Two-factor sign-in',
    help: 'Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes.',
    code: 'Code',
    submit: 'Verify',
    back: 'Back',
  },
  placeholder: { heading: 'Coming soon', returnHome: 'Return Home' },
  notFound: { heading: 'Page not found', home: 'Go to Home' },
  screenError: { heading: 'Something went wrong', reload: 'Reload' },
} as const;

/** The mails the server sends (DESIGN §4). */
export const MAIL_TEXT = {
  passwordReset: {
    subject: 'Your CareVoice password reset code',
    body: (name: string, code: string, publicUrl: string) =>
      [
        `Hello ${name},`,
        '',
        `Your CareVoice password reset code is: ${code}`,
        '',
        `It is valid for ${RESET_CODE_TTL_MINUTES} minutes. Enter it on the "${UI_TEXT.forgotPassword.confirmHeading}" ` +
          'screen together with your new password.',
        '',
        'If you did not ask for a new password, you can ignore this email: your password stays ' +
          'the same.',
        '',
        UI_TEXT.appName,
        publicUrl,
      ].join('\n'),
  },
  /** An invitation to set a password (DESIGN §8): the link carries the token in its fragment. */
  invitation: {
    subject: 'You are invited to CareVoice',
    body: (name: string, invitedBy: string, link: string, publicUrl: string) =>
      [
        `Hello ${name},`,
        '',
        `${invitedBy} invited you to ${UI_TEXT.appName}. Open this link to set your password:`,
        '',
        link,
        '',
        `The link works once, within ${INVITATION_TTL_HOURS} hours. After that, ask your ` +
          'administrator to send a new invitation.',
        '',
        'If you did not expect this invitation, you can ignore this email.',
        '',
        UI_TEXT.appName,
        publicUrl,
      ].join('\n'),
  },
} as const;
