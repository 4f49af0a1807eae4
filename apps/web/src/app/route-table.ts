import { paths } from '../config/paths';
import type { PrefetchedCall } from './prefetch';

/*
 * The route table (spec §2) as data: which screen each path shows, behind which layouts, and
 * which calls its route starts at once. The router (router.tsx) is made from it, and the web
 * build reads it to write each path's preloads (build/route-preloads.ts). Plain data with
 * relative imports only, so the build can import it too.
 */

/** A screen: its path and its module, `src/app/routes/<screen>.tsx`. */
export interface ScreenRoute {
  path: string;
  screen: string;
  /** Calls the screen makes as soon as it renders, started when its route is matched. */
  calls?: readonly PrefetchedCall[];
  /**
   * Calls made for the page's navigation state, started when a load of the page itself (a reload,
   * Back) matches the route. That state lives in the browser's history only, so unlike `calls`
   * the server cannot start them from the page (the build does not list them).
   */
  stateCalls?: readonly PrefetchedCall[];
}

/** Screens behind the same layouts (outermost first, `src/app/layouts/<name>.tsx`). */
export interface RouteArea {
  layouts: readonly string[];
  /** Calls the outermost layout makes, started once when the area is entered. */
  calls: readonly PrefetchedCall[];
  screens: readonly ScreenRoute[];
}

export const ROUTE_AREAS: readonly RouteArea[] = [
  {
    layouts: ['public-layout'],
    calls: [],
    screens: [
      { path: paths.login, screen: 'login' },
      { path: paths.forgotPassword, screen: 'forgot-password' },
      { path: paths.acceptInvitation, screen: 'accept-invitation' },
      { path: paths.recognitionOptOut, screen: 'recognition-opt-out' },
      { path: '*', screen: 'not-found' },
    ],
  },
  {
    // The guard asks `me/` before any signed-in screen shows.
    layouts: ['guard-layout', 'shell-layout'],
    calls: ['me'],
    screens: [
      { path: paths.home, screen: 'home', calls: ['permissions'] },
      { path: paths.patientSurveyAsking, screen: 'patient-survey-asking' },
      {
        path: paths.patientSurvey,
        screen: 'patient-survey',
        calls: ['permissions'],
        stateCalls: ['surveyList'],
      },
      { path: paths.surveyQuestionAsking, screen: 'survey-question-asking' },
      { path: paths.surveyQuestion, screen: 'survey-question' },
      { path: paths.dischargeSurveyAsking, screen: 'discharge-survey-asking' },
      { path: paths.admissionSurveyAsking, screen: 'admission-survey-asking' },
      { path: paths.delaySurvey, screen: 'delay-survey' },
      { path: paths.residentDischarged, screen: 'resident-discharged' },
      { path: paths.employeeReview, screen: 'employee-review' },
      { path: paths.acknowledgementList, screen: 'acknowledgement-list' },
      { path: paths.printSurvey, screen: 'print-survey' },
      { path: paths.facilitySurveySelection, screen: 'facility-survey-selection' },
      { path: paths.activePatients, screen: 'active-patients' },
      { path: paths.surveySetQuestions, screen: 'survey-set-questions' },
      { path: paths.culinaryDepartmentReview, screen: 'culinary-department-review' },
      { path: paths.account, screen: 'account' },
      // Survey Results (DESIGN §8, issue 16): one module for its five screens, whose first
      // visit loads them all (office work; the frame's route table grows by one line).
      ...[
        paths.results,
        paths.resultsAlerts,
        paths.resultsSurveys,
        paths.resultsSurvey,
        paths.resultsComments,
        paths.resultsCoreq,
      ].map((path) => ({ path, screen: 'results' })),
      { path: paths.recognitionSummary, screen: 'recognition-summary' },
      { path: paths.recognitionCertificate, screen: 'recognition-certificate' },
    ],
  },
  {
    // The back office (DESIGN §8): one screen per section, inside the admin frame.
    layouts: ['guard-layout', 'shell-layout', 'admin-layout'],
    calls: ['me'],
    screens: [
      { path: paths.admin, screen: 'admin', calls: ['permissions'] },
      { path: paths.adminUsers, screen: 'admin-users', calls: ['permissions'] },
      { path: paths.adminFacilities, screen: 'admin-facilities', calls: ['permissions'] },
      { path: paths.adminSurveySets, screen: 'admin-survey-sets', calls: ['permissions'] },
      { path: paths.adminQuestionnaires, screen: 'admin-questionnaires', calls: ['permissions'] },
      { path: paths.adminAudit, screen: 'admin-audit', calls: ['permissions'] },
      { path: paths.adminResidents, screen: 'admin-residents', calls: ['permissions'] },
      { path: paths.adminEmployees, screen: 'admin-employees', calls: ['permissions'] },
      { path: paths.adminFeed, screen: 'admin-feed', calls: ['permissions'] },
    ],
  },
];
