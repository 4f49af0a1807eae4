import { QuestionnairesSection } from '@/features/admin-questionnaires';

/**
 * /admin/questionnaires — the questionnaires of the administrator's facilities and sets, and
 * with `?id=` one questionnaire's editor: one route, so the builder is one chunk (ADR 017).
 */
export default function AdminQuestionnairesRoute() {
  return <QuestionnairesSection />;
}
