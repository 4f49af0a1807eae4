import {
  ADMIN_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  RESIDENT_LANGUAGES,
  type DraftProblem,
  type ResidentLanguage,
} from '@carevoice/shared';
import { List, Stack, Text } from '@mantine/core';
import { Notice } from './notice';

const text = ADMIN_TEXT.questionnaires;

/** Problems whose field is a text or label in `language` with nothing written (translations). */
function missingIn(problems: readonly DraftProblem[], language: ResidentLanguage): number {
  return problems.filter(
    (problem) =>
      problem.severity === 'warning' &&
      (problem.field === `text.${language}` || problem.field === `options.label.${language}`),
  ).length;
}

/**
 * "Before publishing": how many errors and warnings, the missing translations per language, and
 * each other problem with its question's position.
 */
export function ProblemSummary({
  problems,
  positions,
}: {
  problems: readonly DraftProblem[];
  positions: ReadonlyMap<string, number>;
}) {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  if (problems.length === 0) {
    return (
      <Notice tone="success" title={text.problemsHeading}>
        <Text fz="sm">{text.noProblems}</Text>
      </Notice>
    );
  }
  const translationFields = new Set(
    RESIDENT_LANGUAGES.flatMap((language) => [`text.${language}`, `options.label.${language}`]),
  );
  const others = problems.filter(
    (problem) => !(problem.severity === 'warning' && translationFields.has(problem.field)),
  );
  const shown = others.slice(0, 30);
  return (
    <Notice tone={errors.length > 0 ? 'error' : 'warning'} title={text.problemsHeading}>
      <Stack gap={6}>
        <Text fz="sm" c="dark">
          {text.problemsSummary(errors.length, warnings.length)}
        </Text>
        {RESIDENT_LANGUAGES.filter((language) => missingIn(problems, language) > 0).map(
          (language) => (
            <Text key={language} fz="sm" c="dark">
              {text.missingTranslations(
                RESIDENT_LANGUAGE_LABELS[language],
                missingIn(problems, language),
              )}
            </Text>
          ),
        )}
        {shown.length > 0 && (
          <List size="sm" c="dark">
            {shown.map((problem, index) => (
              <List.Item key={`${problem.question_key}-${problem.field}-${index}`}>
                {text.problemAt(positions.get(problem.question_key) ?? 0)}: {problem.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Notice>
  );
}
