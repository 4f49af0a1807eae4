import { UI_TEXT } from '@carevoice/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/spinner';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { prefetchCalls } from './prefetch';
import { RouteError } from './route-error';

/**
 * A route whose code is fetched on first use, so the entry bundle holds only the app frame.
 * A fetch that has not finished within CHUNK_LOAD_TIMEOUT_MS fails into RouteError.
 */
function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Timed out loading a screen')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}

function AppLoading() {
  return <FullPageLoader label={UI_TEXT.shell.loadingScreen} />;
}

/**
 * The route table (spec §2). Paths come from config/paths.ts; every screen is lazy; a route's
 * `loader` starts the calls its screen will make (app/prefetch.ts). The build reads this table
 * (apps/web/build/route-preloads.ts): keep each route's `path` a string or `paths.x`, its screen
 * or layout in a `lazy: lazyRoute(() => import('…'))` and its calls in `prefetchCalls(…)`.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const routes: RouteObject[] = [
    {
      HydrateFallback: AppLoading,
      ErrorBoundary: RouteError,
      children: [
        {
          lazy: lazyRoute(() => import('./layouts/public-layout')),
          children: [
            { path: paths.login, lazy: lazyRoute(() => import('./routes/login')) },
            {
              path: paths.forgotPassword,
              lazy: lazyRoute(() => import('./routes/forgot-password')),
            },
            { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
          ],
        },
        {
          lazy: lazyRoute(() => import('./layouts/guard-layout')),
          loader: prefetchCalls(queryClient, 'me'),
          // Once per entry into the guarded part of the app (the first page, or after Login).
          shouldRevalidate: () => false,
          children: [
            {
              lazy: lazyRoute(() => import('./layouts/shell-layout')),
              children: [
                {
                  path: paths.home,
                  lazy: lazyRoute(() => import('./routes/home')),
                  loader: prefetchCalls(queryClient, 'permissions'),
                  shouldRevalidate: () => false,
                },
                {
                  path: paths.patientSurveyAsking,
                  lazy: lazyRoute(() => import('./routes/patient-survey-asking')),
                },
                {
                  path: paths.patientSurvey,
                  lazy: lazyRoute(() => import('./routes/patient-survey')),
                  loader: prefetchCalls(queryClient, 'permissions'),
                  shouldRevalidate: () => false,
                },
                {
                  path: paths.surveyQuestionAsking,
                  lazy: lazyRoute(() => import('./routes/survey-question-asking')),
                },
                {
                  path: paths.surveyQuestion,
                  lazy: lazyRoute(() => import('./routes/survey-question')),
                },
                {
                  path: paths.dischargeSurveyAsking,
                  lazy: lazyRoute(() => import('./routes/discharge-survey-asking')),
                },
                {
                  path: paths.admissionSurveyAsking,
                  lazy: lazyRoute(() => import('./routes/admission-survey-asking')),
                },
                { path: paths.delaySurvey, lazy: lazyRoute(() => import('./routes/delay-survey')) },
                {
                  path: paths.residentDischarged,
                  lazy: lazyRoute(() => import('./routes/resident-discharged')),
                },
                {
                  path: paths.employeeReview,
                  lazy: lazyRoute(() => import('./routes/employee-review')),
                },
                {
                  path: paths.acknowledgementList,
                  lazy: lazyRoute(() => import('./routes/acknowledgement-list')),
                },
                { path: paths.printSurvey, lazy: lazyRoute(() => import('./routes/print-survey')) },
                {
                  path: paths.facilitySurveySelection,
                  lazy: lazyRoute(() => import('./routes/facility-survey-selection')),
                },
                {
                  path: paths.activePatients,
                  lazy: lazyRoute(() => import('./routes/active-patients')),
                },
                {
                  path: paths.surveySetQuestions,
                  lazy: lazyRoute(() => import('./routes/survey-set-questions')),
                },
                {
                  path: paths.culinaryDepartmentReview,
                  lazy: lazyRoute(() => import('./routes/culinary-department-review')),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  return routes;
}
