import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ResultsFrame } from '@/features/results';
import { AlertsScreen } from '@/features/results/components/alerts-screen';
import { CommentsScreen } from '@/features/results/components/comments-screen';
import { CoreqScreen } from '@/features/results/components/coreq-screen';
import { DashboardScreen } from '@/features/results/components/dashboard-screen';
import { SurveyScreen } from '@/features/results/components/survey-screen';
import { SurveysScreen } from '@/features/results/components/surveys-screen';

/** Each results path's screen (the route table sends all five here). */
const SCREENS: Record<string, ComponentType> = {
  [paths.results]: DashboardScreen,
  [paths.resultsAlerts]: AlertsScreen,
  [paths.resultsSurveys]: SurveysScreen,
  [paths.resultsSurvey]: SurveyScreen,
  [paths.resultsComments]: CommentsScreen,
  [paths.resultsCoreq]: CoreqScreen,
};

/**
 * /results (the dashboard), /results/alerts (the alerts inbox), /results/surveys (the surveys
 * behind a figure), /results/survey?id= (one survey, printable), /results/comments: Survey
 * Results' screens inside its frame, one module (and chunk) for all of them.
 */
export default function ResultsRoute() {
  const { pathname } = useLocation();
  const Screen = SCREENS[pathname.replace(/\/+$/, '') || paths.results] ?? DashboardScreen;
  return (
    <ResultsFrame>
      <Screen />
    </ResultsFrame>
  );
}
