import { ADMIN_TEXT } from '@carevoice/shared';
import { Spinner } from '@/components/spinner';
import { LoadFailed } from '@/components/back-office/load-failed';
import { useQuestionnaire } from '../api/get-questionnaire';
import { QuestionnaireEditor } from './questionnaire-editor';

/** One questionnaire's editor, once it is loaded. */
export function QuestionnaireEditorScreen({ questionnaireId }: { questionnaireId: string }) {
  const found = useQuestionnaire(questionnaireId);
  if (found.isError && !found.data) {
    return (
      <LoadFailed
        error={found.error}
        retrying={found.isFetching}
        onRetry={() => void found.refetch()}
      />
    );
  }
  if (found.isPending) return <Spinner label={ADMIN_TEXT.common.loading} />;
  // A new published version starts the editor afresh from it.
  return <QuestionnaireEditor key={found.data.published_version} questionnaire={found.data} />;
}
