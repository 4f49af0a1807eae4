/** Every route of the app (spec §2), in one table. Screens link and navigate only through these. */
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  home: '/',
  patientSurveyAsking: '/patient-survey-asking',
  patientSurvey: '/patient-survey',
  surveyQuestionAsking: '/survey-question-asking',
  surveyQuestion: '/survey-question',
  dischargeSurveyAsking: '/discharge-survey-asking',
  admissionSurveyAsking: '/admission-survey-asking',
  delaySurvey: '/delay-survey',
  residentDischarged: '/resident-discharged',
  employeeReview: '/employee-review',
  acknowledgementList: '/acknowledgement-list',
  printSurvey: '/print-survey',
  facilitySurveySelection: '/facility-survey-selection',
  activePatients: '/active-patients',
  surveySetQuestions: '/survey-set-questions',
  culinaryDepartmentReview: '/culinary-department-review',
  // Beyond the spec (DESIGN §8): the back office.
  admin: '/admin',
  adminUsers: '/admin/users',
  adminFacilities: '/admin/facilities',
  adminResidents: '/admin/residents',
  adminEmployees: '/admin/employees',
  adminSurveySets: '/admin/survey-sets',
  adminQuestionnaires: '/admin/questionnaires',
  adminFeed: '/admin/feed',
  adminAudit: '/admin/audit',
  acceptInvitation: '/accept-invitation',
  // My account (DESIGN §8): sessions, password, two-factor sign-in.
  account: '/account',
  // Survey results and the alerts inbox (DESIGN §8, issue 16).
  results: '/results',
  resultsAlerts: '/results/alerts',
  resultsSurveys: '/results/surveys',
  resultsSurvey: '/results/survey',
  resultsComments: '/results/comments',
  resultsCoreq: '/results/coreq',
  // Recognition (DESIGN §8): roll-ups, the certificate, and the mail opt-out (public).
  recognitionSummary: '/recognition-summary',
  recognitionCertificate: '/recognition-certificate',
  recognitionOptOut: '/recognition-opt-out',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
