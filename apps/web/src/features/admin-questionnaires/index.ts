/** What the app may use of `admin-questionnaires` (the questionnaire builder, ADR 017). */
export { QuestionnairesSection } from './components/questionnaires-section';
