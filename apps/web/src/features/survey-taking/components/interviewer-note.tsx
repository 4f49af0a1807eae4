import { INTERVIEW_TEXT, type Question, type ResidentLanguage } from '@carevoice/shared';
import { Text } from '@mantine/core';
import classes from './question-runner.module.css';

/** The staff-only text of a question in the survey's language; Spanish falls back to English. */
export function interviewerTextIn(
  question: Pick<Question, 'interviewer_text'>,
  language: ResidentLanguage,
): { text: string; language: ResidentLanguage } | null {
  const texts = question.interviewer_text;
  if (!texts) return null;
  const inLanguage = language === 'en' ? undefined : texts[language]?.trim();
  if (inLanguage) return { text: inLanguage, language };
  return texts.en.trim() === '' ? null : { text: texts.en, language: 'en' };
}

/**
 * A question's interviewer text (ADR 060): instructions for the staff, apart from the question in
 * a calm style of its own — small, at the same size whatever the question's text size, labelled
 * "For the interviewer" — never read out as the question.
 */
export function InterviewerNote({
  question,
  language,
}: {
  question: Pick<Question, 'interviewer_text'>;
  language: ResidentLanguage;
}) {
  const note = interviewerTextIn(question, language);
  if (!note) return null;
  return (
    <aside
      className={classes.interviewer}
      aria-label={INTERVIEW_TEXT.interviewer.label}
      data-testid="interviewer-text"
    >
      <Text size="xs" fw={700} tt="uppercase" lang="en">
        {INTERVIEW_TEXT.interviewer.label}
      </Text>
      <Text size="sm" fs="italic" lang={note.language} style={{ whiteSpace: 'pre-line' }}>
        {note.text}
      </Text>
    </aside>
  );
}
