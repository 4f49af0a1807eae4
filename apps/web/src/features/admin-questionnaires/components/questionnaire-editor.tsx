import {
  ADMIN_TEXT,
  QUESTIONNAIRE_FILE_FORMAT,
  QuestionnaireFileSchema,
  questionnaireAllowsNonAnswer,
  translationLanguages,
  validateDraft,
  type AdminQuestionnaireDetail,
  type DraftOrigin,
  type DraftProblem,
  type DraftQuestion,
  type QuestionnaireVersion,
} from '@carevoice/shared';
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { getQuestionnaire } from '../api/get-questionnaire';
import { getQuestionnaireVersion } from '../api/get-questionnaire-version';
import { useQuestionnaires } from '../api/get-questionnaires';
import { usePublishQuestionnaire } from '../api/publish-questionnaire';
import {
  editorReducer,
  newQuestion,
  withOneNonAnswerSetting,
  type EditorAction,
} from '../editor-reducer';
import { useAutosave, type SaveStatus } from '../hooks/use-autosave';
import { questionnaireTitle } from '../questionnaire-title';
import { RESIDENT_SATISFACTION_TEMPLATE } from '../templates';
import { Notice } from './notice';
import { KEEP_PAGE_STYLES } from './over-the-editor';
import { PreviewModal } from './preview-modal';
import { ProblemSummary } from './problem-summary';
import { PublishModal } from './publish-modal';
import { QuestionCard, type QuestionCardProps, type TargetChoice } from './question-card';

const text = ADMIN_TEXT.questionnaires;

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Dialog =
  | { kind: 'preview' }
  | { kind: 'publish' }
  | { kind: 'copy' }
  | { kind: 'import' }
  | { kind: 'version'; version: QuestionnaireVersion }
  | { kind: 'replace'; questions: readonly DraftQuestion[]; origin: DraftOrigin }
  | null;

function SaveState({ status }: { status: SaveStatus }) {
  const label = {
    saved: text.saved,
    saving: text.saving,
    failed: text.saveFailed,
    conflict: text.saveConflict,
  }[status];
  return (
    <Text
      role="status"
      fz="sm"
      fw={600}
      c={status === 'failed' || status === 'conflict' ? 'var(--mantine-color-error)' : 'dimmed'}
    >
      {label}
    </Text>
  );
}

/** Downloads the questions as a CareVoice questionnaire file. */
function exportFile(name: string, questions: readonly DraftQuestion[]): void {
  const file = { format: QUESTIONNAIRE_FILE_FORMAT, format_version: 1, name, questions };
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'questionnaire'}.json`;
  anchor.click();
  URL.revokeObjectURL(url);
}

function ImportModal({
  onImport,
  onClose,
}: {
  onImport: (questions: readonly DraftQuestion[]) => void;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const read = async (file: File | null) => {
    if (!file) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setProblem(text.importUnreadable);
      return;
    }
    const parsed = QuestionnaireFileSchema.safeParse(json);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? text.importUnreadable);
      return;
    }
    onImport(parsed.data.questions);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={text.importHeading}
    >
      <Stack>
        <FileInput
          label={text.importFile}
          accept="application/json,.json"
          error={problem}
          onChange={(file) => void read(file)}
        />
      </Stack>
    </Modal>
  );
}

function CopyModal({
  questionnaireId,
  onCopy,
  onClose,
}: {
  questionnaireId: string;
  onCopy: (questions: readonly DraftQuestion[]) => void;
  onClose: () => void;
}) {
  const all = useQuestionnaires();
  const sources = (all.data ?? []).filter(
    (item) => item.id !== questionnaireId && item.published_version > 0,
  );
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    try {
      const source = await getQuestionnaire(chosen || (sources[0]?.id ?? ''));
      if (!source.published) setProblem(text.copyNothing);
      else onCopy(source.published.questions);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={text.copyHeading}
    >
      <Stack>
        <NativeSelect
          label={text.copySource}
          value={chosen || (sources[0]?.id ?? '')}
          error={problem}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={sources.map((item) => ({ value: item.id, label: questionnaireTitle(item) }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button onClick={() => void copy()} loading={busy} disabled={sources.length === 0}>
            {text.copy}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function VersionModal({
  version,
  readOnly,
  onDraft,
  onClose,
}: {
  version: QuestionnaireVersion;
  readOnly: boolean;
  onDraft: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={text.versionHeading(version.version)}
      size="lg"
    >
      <Stack>
        <List type="ordered" spacing="xs">
          {version.questions.map((question) => (
            <List.Item key={question.key}>
              <Text fw={600}>{question.text.en}</Text>
              {question.text.es && <Text c="dimmed">{question.text.es}</Text>}
              {question.options.length > 0 && (
                <Text fz="sm">{question.options.map((option) => option.label.en).join(' · ')}</Text>
              )}
            </List.Item>
          ))}
        </List>
        {!readOnly && (
          <Group justify="flex-end">
            <Button onClick={onDraft}>{text.draftFromVersion(version.version)}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

const noProblems: readonly DraftProblem[] = [];
const noTargets: readonly TargetChoice[] = [];

/**
 * The cards. Memoized: the editor's own changes (a dialog opening, the save status) do not go
 * through the 200 cards of a long questionnaire again.
 */
const QuestionList = memo(function QuestionList({
  questions,
  expanded,
  targets,
  problemsByKey,
  ...shared
}: {
  questions: readonly DraftQuestion[];
  expanded: ReadonlySet<string>;
  targets: readonly TargetChoice[];
  problemsByKey: ReadonlyMap<string, readonly DraftProblem[]>;
} & Pick<
  QuestionCardProps,
  'translations' | 'readOnly' | 'setQuestionnaire' | 'dispatch' | 'onToggle' | 'onMove'
>) {
  if (questions.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Text fw={500}>{text.noQuestions}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {questions.map((question, index) => (
        <QuestionCard
          key={question.key}
          {...shared}
          question={question}
          index={index}
          count={questions.length}
          // Only an open card lists the questions its answers may lead to.
          targets={expanded.has(question.key) ? targets : noTargets}
          problems={problemsByKey.get(question.key) ?? noProblems}
          expanded={expanded.has(question.key)}
        />
      ))}
    </Stack>
  );
});

/**
 * The questionnaire builder's editor (DESIGN §8, ADR 017): the draft's questions as cards that
 * can be added, edited, duplicated, deleted and reordered (drag and drop, the keyboard, or the
 * move buttons), saved on the server as the administrator works; the problems of the one engine
 * next to each question and summed up before publishing; the preview; publishing with
 * confirmation; the versions; starting from the template, a copy or a file; exporting.
 */
export function QuestionnaireEditor({
  questionnaire,
}: {
  questionnaire: AdminQuestionnaireDetail;
}) {
  const queryClient = useQueryClient();
  const readOnly = !questionnaire.editable;
  const nonAnswerHelpId = useId();
  const initial = questionnaire.draft?.questions ?? questionnaire.published?.questions ?? [];
  const [questions, dispatchEdit] = useReducer(editorReducer, initial, withOneNonAnswerSetting);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [publishFailure, setPublishFailure] = useState<string | null>(null);
  const [hasDraft, setHasDraft] = useState(questionnaire.draft !== null);
  const autosave = useAutosave(questionnaire.id, questionnaire.version, !readOnly);
  const publish = usePublishQuestionnaire(questionnaire.id);

  const languages = useMemo(
    () => ['en' as const, ...translationLanguages(questionnaire.languages)],
    [questionnaire.languages],
  );
  const translations = useMemo(
    () => translationLanguages(questionnaire.languages),
    [questionnaire.languages],
  );

  // Every change by the administrator is sent to the server (the autosave, after the render
  // that shows it); a whole new draft says where it came from.
  const changed = useRef<{ origin?: DraftOrigin | undefined } | null>(null);
  const edit = useCallback(
    (action: EditorAction, origin?: DraftOrigin) => {
      if (readOnly) return;
      changed.current = { origin: origin ?? changed.current?.origin };
      dispatchEdit(action);
    },
    [readOnly],
  );
  const { schedule } = autosave;
  useEffect(() => {
    if (!changed.current) return;
    const { origin } = changed.current;
    changed.current = null;
    setHasDraft(true);
    schedule(questions, origin);
  }, [questions, schedule]);

  const deferred = useDeferredValue(questions);
  const problems = useMemo(
    () => validateDraft(deferred, { languages: questionnaire.languages }),
    [deferred, questionnaire.languages],
  );
  // Each question's problems, the same array as before while they did not change: a card
  // re-renders only when its own problems do (the editor stays responsive at 200 questions).
  const previousProblems = useRef(new Map<string, { signature: string; list: DraftProblem[] }>());
  const problemsByKey = useMemo(() => {
    const grouped = new Map<string, DraftProblem[]>();
    for (const problem of problems) {
      grouped.set(problem.question_key, [...(grouped.get(problem.question_key) ?? []), problem]);
    }
    const stable = new Map<string, DraftProblem[]>();
    for (const [key, list] of grouped) {
      const signature = JSON.stringify(list);
      const previous = previousProblems.current.get(key);
      stable.set(key, previous?.signature === signature ? previous.list : list);
    }
    previousProblems.current = new Map(
      [...stable].map(([key, list]) => [key, { signature: JSON.stringify(list), list }]),
    );
    return stable;
  }, [problems]);
  const targets = useMemo<TargetChoice[]>(
    () =>
      deferred.map((question, index) => ({
        key: question.key,
        position: index + 1,
        label: question.text.en,
      })),
    [deferred],
  );
  const positions = useMemo(
    () => new Map(deferred.map((question, index) => [question.key, index + 1])),
    [deferred],
  );

  const toggle = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const latest = useRef(questions);
  useEffect(() => {
    latest.current = questions;
  }, [questions]);
  // Reordering (drag and drop, the arrow keys on a handle, the move buttons), announced to
  // screen readers in the live region below.
  const [announcement, setAnnouncement] = useState('');
  const move = useCallback(
    (from: number, to: number) => {
      if (to < 0 || to >= latest.current.length || from === to) return;
      edit({ type: 'move', from, to });
      setAnnouncement(text.moved(from + 1, to + 1));
      // The moved question's handle keeps the focus, so the arrow keys can go on moving it.
      const key = latest.current[from]?.key;
      requestAnimationFrame(() => {
        document
          .querySelector<HTMLElement>(`[data-question-key="${key}"] [draggable="true"]`)
          ?.focus();
      });
    },
    [edit],
  );
  const replace = (next: readonly DraftQuestion[], origin: DraftOrigin) => {
    setDialog(null);
    edit({ type: 'replace', questions: next }, origin);
    setExpanded(new Set());
  };
  const askReplace = (next: readonly DraftQuestion[], origin: DraftOrigin) => {
    if (questions.length === 0) replace(next, origin);
    else setDialog({ kind: 'replace', questions: next, origin });
  };

  const add = () => {
    const question = newQuestion('Radio', questions);
    edit({ type: 'add', question });
    setExpanded((current) => new Set(current).add(question.key));
  };

  const confirmPublish = async () => {
    setPublishFailure(null);
    if (!(await autosave.flush())) {
      setPublishFailure(text.saveFailed);
      return;
    }
    try {
      const result = await publish.mutateAsync(autosave.version());
      toast.success(text.published(result.version));
      setDialog(null);
      setHasDraft(false);
      await queryClient.invalidateQueries({ queryKey: ['admin-questionnaires'] });
    } catch (error) {
      setPublishFailure(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) setPublishFailure(text.saveConflict);
    }
  };

  const viewVersion = async (version: number) => {
    try {
      setDialog({
        kind: 'version',
        version: await getQuestionnaireVersion(questionnaire.id, version),
      });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const title = questionnaireTitle(questionnaire);
  const nextVersion = Math.max(0, ...questionnaire.versions.map((version) => version.version)) + 1;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.adminQuestionnaires}>
        ← {text.backToList}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          <Group gap="xs">
            <Badge variant="light">{text.publishedVersion(questionnaire.published_version)}</Badge>
            <Badge variant="light" color={hasDraft ? 'orange' : 'gray'} c="dark">
              {hasDraft ? text.draftInProgress : text.withoutDraft}
            </Badge>
            <Text fz="sm" c="dimmed">
              {text.questionCount(questions.length)}
            </Text>
          </Group>
        </Stack>
        {!readOnly && <SaveState status={autosave.status} />}
      </Group>
      {autosave.status === 'conflict' && (
        <Notice tone="error" alert>
          <Group justify="space-between">
            <Text>{text.saveConflict}</Text>
            <Button size="sm" onClick={() => window.location.reload()}>
              {text.reload}
            </Button>
          </Group>
        </Notice>
      )}
      {readOnly && (
        <Notice tone="info">
          <Text>{text.readOnly}</Text>
        </Notice>
      )}

      <Group gap="sm" wrap="wrap">
        {!readOnly && <Button onClick={add}>{text.addQuestion}</Button>}
        <Button variant="default" onClick={() => setDialog({ kind: 'preview' })}>
          {text.preview}
        </Button>
        {!readOnly && (
          <Button
            variant="filled"
            onClick={() => {
              setPublishFailure(null);
              setDialog({ kind: 'publish' });
            }}
          >
            {text.publish}
          </Button>
        )}
        {!readOnly && (
          <>
            <Button
              variant="default"
              onClick={() => askReplace(RESIDENT_SATISFACTION_TEMPLATE, 'template')}
            >
              {text.startFromTemplate}
            </Button>
            <Button variant="default" onClick={() => setDialog({ kind: 'copy' })}>
              {text.copyFrom}
            </Button>
            <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
              {text.importJson}
            </Button>
          </>
        )}
        <Button variant="default" onClick={() => exportFile(title, questions)}>
          {text.exportJson}
        </Button>
      </Group>

      <Stack gap={4}>
        <Switch
          label={text.allowNonAnswer}
          aria-describedby={nonAnswerHelpId}
          checked={questionnaireAllowsNonAnswer(questions)}
          disabled={readOnly}
          onChange={(event) =>
            edit({ type: 'allow-non-answer', allow: event.currentTarget.checked })
          }
        />
        <Text id={nonAnswerHelpId} fz="sm" c="dimmed">
          {text.allowNonAnswerHelp}
        </Text>
      </Stack>

      <ProblemSummary problems={problems} positions={positions} />
      <div aria-live="polite" className="visually-hidden" style={VISUALLY_HIDDEN}>
        {announcement}
      </div>

      <QuestionList
        questions={questions}
        expanded={expanded}
        targets={targets}
        problemsByKey={problemsByKey}
        translations={translations}
        readOnly={readOnly}
        setQuestionnaire={questionnaire.survey_set_id !== null}
        dispatch={edit}
        onToggle={toggle}
        onMove={move}
      />

      <Paper withBorder radius="lg" p="md">
        <Stack gap="xs">
          <Title order={3}>{text.versionsHeading}</Title>
          {questionnaire.versions.length === 0 ? (
            <Text c="dimmed">{text.versionsEmpty}</Text>
          ) : (
            questionnaire.versions.map((version) => (
              <Group key={version.version} justify="space-between" wrap="wrap">
                <Text>
                  {text.versionRow(
                    version.version,
                    (version.published_at ?? '').slice(0, 10),
                    version.published_by,
                    version.questions,
                  )}
                  {version.version === questionnaire.published_version ? ` · ${text.current}` : ''}
                </Text>
                <Button
                  variant="default"
                  size="sm"
                  aria-label={text.viewVersion(version.version)}
                  onClick={() => void viewVersion(version.version)}
                >
                  {text.view}
                </Button>
              </Group>
            ))
          )}
        </Stack>
      </Paper>

      {dialog?.kind === 'preview' && (
        <PreviewModal questions={questions} languages={languages} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'publish' && (
        <PublishModal
          nextVersion={nextVersion}
          problems={validateDraft(questions, { languages: questionnaire.languages })}
          positions={positions}
          publishing={publish.isPending}
          noDraft={!hasDraft}
          failure={publishFailure}
          onConfirm={() => void confirmPublish()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyModal
          questionnaireId={questionnaire.id}
          onCopy={(copied) => askReplace(copied, 'copy')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportModal
          onImport={(imported) => askReplace(imported, 'import')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'version' && (
        <VersionModal
          version={dialog.version}
          readOnly={readOnly}
          onDraft={() => askReplace(dialog.version.questions, 'version')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'replace' && (
        <Modal
          opened
          onClose={() => setDialog(null)}
          closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
          removeScrollProps={KEEP_PAGE_STYLES}
          title={text.replaceConfirmTitle}
        >
          <Stack>
            <Text>{text.replaceConfirm}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {text.cancel}
              </Button>
              <Button onClick={() => replace(dialog.questions, dialog.origin)}>
                {text.replace}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
