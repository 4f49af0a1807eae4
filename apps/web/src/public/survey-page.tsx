/**
 * The self-serve survey page (DESIGN §9, ADR 063): the recipient opens their link on their own
 * phone, without signing in, and answers one question per screen in their language. The flow is
 * `flowReducer`; this component loads the survey, keeps the progress on the device, and sends
 * the answers once (the same Idempotency-Key on every attempt, again when the connection
 * returns).
 */
import {
  allowsNonAnswer,
  NON_ANSWERS,
  PUBLIC_SURVEY_TEXT,
  RATING_MAX,
  RATING_MIN,
  type AnswerProblem,
  type PublicSurveyTexts,
  type ResidentLanguage,
} from '@carevoice/shared';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { fetchSurvey, sendAnswers, unsubscribe } from './api';
import type { Question } from './contract';
import { loadProgress, newIdempotencyKey, progressKey, saveProgress } from './progress-store';
import { QuestionInput } from './question-inputs';
import { answerRecords, questionText } from './runner';
import { flowReducer, initialFlow, type FlowState } from './survey-flow';

const HEADING_ID = 'ps-heading';
const HELP_ID = 'ps-help';
const PROBLEM_ID = 'ps-problem';

function problemText(t: PublicSurveyTexts, problem: AnswerProblem, question: Question): string {
  if (problem === 'not_a_number') return t.notANumber;
  if (problem === 'out_of_range') {
    return question.type === 'Rating'
      ? t.outOfRange(RATING_MIN, RATING_MAX)
      : t.outOfRange(question.validation_logic.min, question.validation_logic.max);
  }
  return t.required;
}

export function SurveyPage({ token }: { token: string }) {
  const [flow, dispatch] = useReducer(flowReducer, initialFlow);
  const [storageKey, setStorageKey] = useState<string | null>(null);
  const language: ResidentLanguage = flow.progress?.language ?? 'en';
  const t = PUBLIC_SURVEY_TEXT[language];

  // Load: a submission left on its way is sent again first (its answer may have been lost with
  // the tab); then the survey itself.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const key = await progressKey(token);
      const saved = loadProgress(key);
      setStorageKey(key);
      if (saved?.submission === 'sent') return dispatch({ type: 'alreadySent', saved });
      if (saved?.submission === 'sending') {
        const sent = await sendAnswers(token, answerRecords(saved.history), saved.idempotencyKey);
        if (cancelled) return;
        if (sent.ok)
          return dispatch({ type: 'alreadySent', saved: { ...saved, submission: 'sent' } });
        if (sent.kind === 'unavailable') return dispatch({ type: 'unavailable' });
      }
      const survey = await fetchSurvey(token);
      if (cancelled) return;
      if (survey.ok)
        dispatch({ type: 'loaded', survey: survey.value, saved, newKey: newIdempotencyKey() });
      else dispatch({ type: survey.kind === 'unavailable' ? 'unavailable' : 'offline' });
    })();
    return () => {
      cancelled = true;
    };
  }, [token]);

  // The progress is written to the device on every change.
  useEffect(() => {
    if (storageKey && flow.progress) saveProgress(storageKey, flow.progress);
  }, [storageKey, flow.progress]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = t.title;
  }, [language, t.title]);

  // Each new screen (and question) moves the focus to its heading, so a screen reader reads it.
  const heading = useRef<HTMLHeadingElement>(null);
  const screenId = `${flow.screen}:${flow.progress?.index ?? 0}`;
  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    heading.current?.focus();
  }, [screenId]);

  const send = useCallback(async () => {
    const progress = flow.progress;
    if (!progress || flow.sending) return;
    dispatch({ type: 'sending' });
    const result = await sendAnswers(
      token,
      answerRecords(progress.history),
      progress.idempotencyKey,
    );
    if (result.ok) dispatch({ type: 'sent' });
    else dispatch({ type: result.kind === 'unavailable' ? 'unavailable' : 'sendFailed' });
  }, [flow.progress, flow.sending, token]);

  // Answers waiting on the device go out again as soon as the connection returns.
  useEffect(() => {
    if (!flow.sendFailed) return;
    const retry = () => void send();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [flow.sendFailed, send]);

  const leave = async () => {
    dispatch({ type: 'unsubscribe', status: 'busy' });
    const result = await unsubscribe(token);
    dispatch({ type: 'unsubscribe', status: result.ok ? 'done' : 'failed' });
  };

  const title = (text: string) => (
    <h1 id={HEADING_ID} ref={heading} tabIndex={-1}>
      {text}
    </h1>
  );

  return (
    <div className="ps-page">
      <header className="ps-header">
        <span className="ps-brand">CareVoice</span>
        {flow.progress && flow.languages.length > 1 && flow.screen !== 'thanks' ? (
          <LanguageSwitch
            t={t}
            languages={flow.languages}
            current={language}
            onChange={(next) => dispatch({ type: 'language', language: next })}
          />
        ) : null}
      </header>
      <main className="ps-main">
        <Screen flow={flow} t={t} title={title} dispatch={dispatch} send={send} />
        {flow.screen === 'welcome' || flow.screen === 'thanks' ? (
          <Unsubscribe t={t} status={flow.unsubscribe} onClick={leave} />
        ) : null}
      </main>
    </div>
  );
}

function LanguageSwitch({
  t,
  languages,
  current,
  onChange,
}: {
  t: PublicSurveyTexts;
  languages: ResidentLanguage[];
  current: ResidentLanguage;
  onChange: (language: ResidentLanguage) => void;
}) {
  return (
    <div className="ps-languages" role="group" aria-label={t.language}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="ps-language"
          aria-pressed={language === current}
          onClick={() => onChange(language)}
        >
          {t.languageNames[language]}
        </button>
      ))}
    </div>
  );
}

function Unsubscribe({
  t,
  status,
  onClick,
}: {
  t: PublicSurveyTexts;
  status: FlowState['unsubscribe'];
  onClick: () => void;
}) {
  return (
    <section className="ps-unsubscribe" aria-label={t.unsubscribe}>
      {status === 'done' ? (
        <p role="status">{t.unsubscribed}</p>
      ) : (
        <>
          <button type="button" className="ps-link" onClick={onClick} disabled={status === 'busy'}>
            {t.unsubscribe}
          </button>
          <p className="ps-muted">{t.unsubscribeHelp}</p>
          {status === 'failed' ? <p role="alert">{t.unsubscribeFailed}</p> : null}
        </>
      )}
    </section>
  );
}

interface ScreenProps {
  flow: FlowState;
  t: PublicSurveyTexts;
  title: (text: string) => ReactNode;
  dispatch: (action: Parameters<typeof flowReducer>[1]) => void;
  send: () => Promise<void>;
}

function Screen({ flow, t, title, dispatch, send }: ScreenProps) {
  const progress = flow.progress;
  switch (flow.screen) {
    case 'loading':
      return <p role="status">{t.loading}</p>;
    case 'offline':
      return (
        <>
          {title(t.offlineHeading)}
          <p>{t.offlineBody}</p>
          <button type="button" className="ps-primary" onClick={() => window.location.reload()}>
            {t.tryAgain}
          </button>
        </>
      );
    case 'unavailable':
      return (
        <>
          {title(t.unavailableHeading)}
          <p>{t.unavailableBody}</p>
        </>
      );
    case 'thanks':
      return (
        <>
          {title(t.thanksHeading)}
          <p>{t.thanksBody(flow.facility)}</p>
        </>
      );
    case 'welcome':
      return (
        <>
          {title(t.welcome(flow.facility))}
          {flow.about ? <p className="ps-about">{flow.about}</p> : null}
          <p>{t.howItWorks}</p>
          <div className="ps-actions ps-stack">
            <button
              type="button"
              className="ps-primary"
              onClick={() => dispatch({ type: 'start' })}
            >
              {flow.resumed ? t.resume : t.start}
            </button>
            {flow.resumed && progress?.submission === 'none' ? (
              <button
                type="button"
                className="ps-secondary"
                onClick={() => dispatch({ type: 'startOver', newKey: newIdempotencyKey() })}
              >
                {t.startOver}
              </button>
            ) : null}
          </div>
        </>
      );
    case 'ready': {
      const locked = progress?.submission !== 'none';
      return (
        <>
          {title(t.readyHeading)}
          <p>{t.readyBody(progress?.history.length ?? 0)}</p>
          {flow.sendFailed ? (
            <p className="ps-error" role="alert">
              {t.notSent}
            </p>
          ) : null}
          <div className="ps-actions">
            {locked ? null : (
              <button
                type="button"
                className="ps-secondary"
                onClick={() => dispatch({ type: 'back' })}
              >
                {t.prev}
              </button>
            )}
            <button
              type="button"
              className="ps-primary"
              onClick={() => void send()}
              disabled={flow.sending}
            >
              {flow.sending ? t.sending : flow.sendFailed ? t.tryAgain : t.send}
            </button>
          </div>
        </>
      );
    }
    case 'question':
      return <QuestionScreen flow={flow} t={t} title={title} dispatch={dispatch} send={send} />;
  }
}

function QuestionScreen({ flow, t, title, dispatch }: ScreenProps) {
  const progress = flow.progress;
  const question = progress ? flow.questions[progress.index] : undefined;
  if (!progress || !question) return null;
  const language = progress.language;
  const position = progress.history.length + 1;
  const total = Math.max(flow.questions.length, position);
  const help =
    question.type === 'MultiPicklist'
      ? t.multiHelp
      : question.validation_logic.required
        ? null
        : t.optional;
  const describedBy =
    [help ? HELP_ID : null, flow.problem ? PROBLEM_ID : null].filter(Boolean).join(' ') ||
    undefined;
  const nonAnswer = flow.selection.nonAnswer;
  return (
    <form
      className="ps-question"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ type: 'next' });
      }}
    >
      <p className="ps-progress">{t.progress(position, total)}</p>
      <progress className="ps-bar" max={total} value={position - 1} aria-hidden="true" />
      {title(questionText(question, language))}
      {help ? (
        <p id={HELP_ID} className="ps-muted">
          {help}
        </p>
      ) : null}
      <QuestionInput
        question={question}
        language={language}
        selection={flow.selection}
        onChange={(selection) => dispatch({ type: 'select', selection })}
        labelledBy={HEADING_ID}
        describedBy={describedBy}
      />
      {allowsNonAnswer(question) ? (
        <fieldset className="ps-options ps-non-answers">
          <legend>{t.nonAnswerGroup}</legend>
          {NON_ANSWERS.map((value) => (
            <label key={value} className="ps-option">
              <input
                type="radio"
                name="non-answer"
                value={value}
                checked={nonAnswer === value}
                onChange={() =>
                  dispatch({ type: 'select', selection: { answer: null, nonAnswer: value } })
                }
              />
              <span>{t.nonAnswers[value]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {flow.problem ? (
        <p id={PROBLEM_ID} className="ps-error" role="alert">
          {problemText(t, flow.problem, question)}
        </p>
      ) : null}
      <div className="ps-actions">
        <button type="button" className="ps-secondary" onClick={() => dispatch({ type: 'back' })}>
          {t.prev}
        </button>
        <button type="submit" className="ps-primary">
          {t.next}
        </button>
      </div>
    </form>
  );
}
