/**
 * Submitting a survey's answers and reading them back (ADR 005).
 *
 * A submission is checked in full before anything is written: the survey (404/403), the
 * idempotency key (replay or 422), the survey still open (409), every answer for this survey, the
 * version of the questionnaire the answers were given on (ADR 017: the one whose question ids
 * they name — a tablet may finish a survey on version N after N+1 is published; ids of another
 * questionnaire, or of two versions, are 400; no answers: the published version), the answers
 * exactly a path that version allows (the shared engine's validateAnswerPath), and every
 * acknowledged employee active in the survey's facility (400). Then one transaction claims the
 * key, closes the survey with its questionnaire version, stores answers (with the option keys of
 * choice answers) and pending acknowledgements and the audit event. Nothing here logs answers,
 * comments or reviews.
 */
import {
  joinMultiAnswer,
  MESSAGES,
  numberRangeText,
  RATING_MAX,
  RATING_MIN,
  splitMultiAnswer,
  SubmitAnswersResponseSchema,
  validateAnswerPath,
  validateQuestionnaire,
  type AcknowledgementEntry,
  type AnswerPathOptions,
  type AnswerRecord,
  type PathProblem,
  type Respondent,
  type SurveyBreakOffRequest,
  type Question,
  type SubmitAnswersRequest,
  type SubmitAnswersResponse,
  type SubmittedAnswer,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import type { RequestMeta } from '../../lib/http.js';
import type { Kysely } from 'kysely';
import type { Database, Survey } from '../../db/database.js';
import type { StoredQuestion } from '../../db/questions.js';
import { answerKeyOf, parseQuestionMeta } from '../../db/questionnaire-rows.js';
import { fromFlag, toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { viewerOf } from '../access/access.repository.js';
import { assertFacilityVisible } from '../access/access.service.js';
import { raiseAlerts } from '../alerts/alerts.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  claimIdempotencyKey,
  requestHash,
  storedResponse,
  type StoredResponse,
} from '../idempotency/idempotency.service.js';
import {
  completeSurvey,
  findEmployeesByCode,
  findQuestionnaireOf,
  findQuestionVersions,
  findSurvey,
  findSurveysVisibleTo,
  insertAcknowledgements,
  insertAnswers,
  listSubmittedAnswers,
} from './surveys.repository.js';
import {
  assertOpen,
  loadSurveyForUser,
  questionnaireOwner,
  surveyClosedError,
} from './surveys.service.js';

/** The operation name hashed with the body, so a key is bound to this kind of request. */
const SUBMIT_OPERATION = 'survey-answers';

export interface SubmissionResult<T = SubmitAnswersResponse> {
  body: T;
  /** True when an earlier request with the same key answered and nothing was written now. */
  replayed: boolean;
}

/** The answers a Number or Rating question accepts, in words ("from 0 to 10"). */
function rangeOf(questions: readonly Question[], questionId: string): string {
  const question = questions.find((candidate) => candidate.id === questionId);
  if (question?.type === 'Rating') return numberRangeText(RATING_MIN, RATING_MAX);
  return numberRangeText(question?.validation_logic.min, question?.validation_logic.max);
}

/** The wording of the first problem of an answer path (positions count from 1). */
function pathProblemMessage(questions: readonly Question[], problem: PathProblem): string {
  const name = (id: string) => questions.find((question) => question.id === id)?.name ?? id;
  switch (problem.kind) {
    case 'unexpected_question':
      return problem.expected === null
        ? MESSAGES.answerAfterEnd(problem.position + 1)
        : MESSAGES.answerOutOfOrder(problem.position + 1, name(problem.expected));
    case 'incomplete':
      return MESSAGES.answersIncomplete(name(problem.expected));
    case 'invalid_answer': {
      const position = problem.position + 1;
      const question = name(problem.questionId);
      switch (problem.problem) {
        case 'required':
          return MESSAGES.answerMissing(position, question);
        case 'not_a_number':
          return MESSAGES.answerNotANumber(position, question);
        case 'out_of_range':
          return MESSAGES.answerOutOfRange(
            position,
            question,
            rangeOf(questions, problem.questionId),
          );
        case 'not_an_option':
          return MESSAGES.answerNotAnOption(position, question);
        case 'unsupported_type':
          return MESSAGES.answerUnsupportedType(position, question);
        case 'non_answer_not_allowed':
          return MESSAGES.nonAnswerNotAllowed(position, question);
      }
    }
  }
}

/** Only successful submissions are stored, so a stored response is a 200 body. */
function replay(stored: StoredResponse): SubmissionResult {
  if (stored.statusCode !== 200) throw new Error(`Stored submission status ${stored.statusCode}`);
  return { body: SubmitAnswersResponseSchema.parse(stored.body), replayed: true };
}

/** A blank answer or comment is stored as null; MultiPicklist labels in display order. */
function storedAnswer(question: Question, answer: string | null): string | null {
  if (answer === null || answer.trim() === '') return null;
  return question.type === 'MultiPicklist'
    ? joinMultiAnswer(question, splitMultiAnswer(answer))
    : answer;
}

function storedComment(comment: string | null | undefined): string | null {
  return comment === null || comment === undefined || comment.trim() === '' ? null : comment;
}

/**
 * The questions the answers were given on (ADR 017): the version of the survey's questionnaire
 * whose question ids they name, or the published version when there are no answers. 400 for an
 * id of no question of this questionnaire, or ids of two versions.
 */
async function answeredVersion(
  ctx: AppContext,
  survey: Survey,
  questionIds: readonly string[],
): Promise<{ version: number | null; questions: StoredQuestion[] }> {
  const owner = questionnaireOwner(survey);
  const questionnaire = owner && (await findQuestionnaireOf(ctx.db, owner));
  if (questionnaire) {
    // Most answers are given on the published version, whose questions are kept in memory.
    const version = questionnaire.published_version;
    const questions = await ctx.publishedVersions.questions(ctx.db, questionnaire.id, version);
    const ids = new Set(questions.map((stored) => stored.question.id));
    if (questionIds.every((id) => ids.has(id))) {
      return { version: version === 0 ? null : version, questions };
    }
  }
  const known = new Map(
    (await findQuestionVersions(ctx.db, questionIds)).map((row) => [row.id, row]),
  );
  const versions = new Set<number>();
  questionIds.forEach((id, index) => {
    const row = known.get(id);
    if (!row || row.questionnaire_id !== questionnaire?.id) {
      throw badRequest(MESSAGES.answerUnknownQuestion(index + 1));
    }
    versions.add(row.version);
  });
  if (versions.size > 1) throw badRequest(MESSAGES.answersMixVersions);
  if (!questionnaire) return { version: null, questions: [] };
  const version = versions.values().next().value ?? questionnaire.published_version;
  return {
    version: version === 0 ? null : version,
    questions: await ctx.publishedVersions.questions(ctx.db, questionnaire.id, version),
  };
}

type AnsweredVersion = Awaited<ReturnType<typeof answeredVersion>>;

/** An answer as a submission, a break-off or a survey link sends it (the survey is known). */
type GivenAnswer = Omit<AnswerRecord, 'Patient_Survey__c'>;

/**
 * The version the answers were given on, once the answers are a path that version allows (to its
 * end, or — a break-off — stopping anywhere); else 400.
 */
async function checkedAnswers(
  ctx: AppContext,
  survey: Survey,
  list: readonly GivenAnswer[],
  options: AnswerPathOptions = {},
): Promise<AnsweredVersion> {
  const answered = await answeredVersion(
    ctx,
    survey,
    list.map((answer) => answer.Survey_Question__c),
  );
  const questions = answered.questions.map((stored) => stored.question);
  const questionnaireProblems = validateQuestionnaire(questions);
  if (questionnaireProblems.length > 0) {
    // Stored data the engine refuses: a fault of ours, not of the request (logged as a 500).
    throw new Error(`The questionnaire of survey ${survey.id} is not usable`, {
      cause: questionnaireProblems,
    });
  }
  const path = list.map((answer) => ({
    questionId: answer.Survey_Question__c,
    answer: answer.Answer__c,
    nonAnswer: answer.Non_Answer__c ?? null,
  }));
  const problem = validateAnswerPath(questions, path, options);
  if (problem) throw badRequest(pathProblemMessage(questions, problem));
  return answered;
}

/** Stores the answers of a survey (with their option keys) and raises the alerts they match. */
async function storeAnswers(
  trx: Kysely<Database>,
  ctx: AppContext,
  meta: RequestMeta,
  survey: Survey,
  answered: AnsweredVersion,
  list: readonly GivenAnswer[],
): Promise<void> {
  const storedById = new Map(answered.questions.map((stored) => [stored.question.id, stored]));
  const answerRows = list.map((answer, position) => {
    const { question, meta } = storedById.get(answer.Survey_Question__c) as StoredQuestion;
    // A non-answer is stored as such, never as a bare null (ADR 026).
    const nonAnswer = answer.Non_Answer__c ?? null;
    const stored = nonAnswer ? null : storedAnswer(question, answer.Answer__c);
    return {
      non_answer: nonAnswer,
      id: newRowId(),
      survey_id: survey.id,
      question_id: answer.Survey_Question__c,
      position,
      answer: stored,
      comment: storedComment(answer.Comment__c),
      answer_key: answerKeyOf(question, meta, stored),
    };
  });
  await insertAnswers(trx, answerRows);
  // Answers that match an alert rule raise alerts and their mails, in this transaction.
  await raiseAlerts(
    trx,
    ctx,
    meta,
    survey,
    answerRows.map((row) => {
      const { question, meta: questionMeta } = storedById.get(row.question_id) as StoredQuestion;
      return {
        answerId: row.id,
        questionId: row.question_id,
        questionKey: question.key ?? row.question_id,
        type: question.type,
        answer: row.answer,
        answerKey: row.answer_key,
        meta: questionMeta,
      };
    }),
  );
}

/**
 * The audit row of a survey its answers closed, submitted or ended early (ADR 060): its type and
 * questionnaire version, then what the caller adds.
 */
async function auditAnswered(
  trx: Kysely<Database>,
  meta: RequestMeta,
  action: 'survey.submitted' | 'survey.broken_off',
  survey: Pick<Survey, 'id' | 'facility_id' | 'survey_type'>,
  version: number | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await recordAudit(trx, meta, {
    action,
    targetType: 'survey',
    targetId: survey.id,
    facilityId: survey.facility_id,
    detail: { survey_type: survey.survey_type, questionnaire_version: version, ...detail },
  });
}

/**
 * Staff end an interview early (DESIGN §9, ADR 060): the answers given — a path the version
 * allows, stopping anywhere — are stored and the survey closes as `partial`, so it leaves the
 * due list. 409 when it is no longer open. The answers raise alerts as a submission's do.
 */
export async function breakOffSurvey(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: SurveyBreakOffRequest,
): Promise<void> {
  const survey = await loadSurveyForUser(ctx, user, input.patientId);
  assertOpen(survey);
  if (input.survey_answer_list.some((answer) => answer.Patient_Survey__c !== survey.id)) {
    throw badRequest(MESSAGES.answerOtherSurvey);
  }
  const answered = await checkedAnswers(ctx, survey, input.survey_answer_list, { partial: true });
  const respondent = input.respondent ?? 'resident';
  await ctx.db.transaction().execute(async (trx) => {
    const at = toTimestamp(meta.at);
    const closed = await completeSurvey(
      trx,
      survey.id,
      user.id,
      at,
      answered.version,
      respondent,
      'partial',
    );
    if (!closed) throw surveyClosedError((await findSurvey(trx, survey.id))?.status ?? 'partial');
    await storeAnswers(trx, ctx, meta, survey, answered, input.survey_answer_list);
    await auditAnswered(trx, meta, 'survey.broken_off', survey, answered.version, {
      respondent,
      answers: input.survey_answer_list.length,
    });
  });
}

export async function submitAnswers(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  idempotencyKey: string,
  input: SubmitAnswersRequest,
): Promise<SubmissionResult> {
  const survey = await loadSurveyForUser(ctx, user, input.patient_id);
  const hash = requestHash(SUBMIT_OPERATION, {
    ...input,
    survey_answer_list: input.survey_answer_list.map((answer) => ({
      ...answer,
      Comment__c: answer.Comment__c ?? null,
    })),
  });
  const earlier = await storedResponse(ctx.db, user.id, idempotencyKey, hash);
  if (earlier) return replay(earlier);
  assertOpen(survey);

  if (input.survey_answer_list.some((answer) => answer.Patient_Survey__c !== survey.id)) {
    throw badRequest(MESSAGES.answerOtherSurvey);
  }
  const body: SubmitAnswersResponse = { survey_id_list: [survey.id] };
  return storeSubmission(ctx, meta, {
    survey,
    owner: user.id,
    idempotencyKey,
    hash,
    response: body,
    parse: (stored) => SubmitAnswersResponseSchema.parse(stored),
    answers: input.survey_answer_list,
    acknowledgements: input.ack_data,
    respondent: input.respondent ?? 'resident',
    async close(trx, version, respondent) {
      const at = toTimestamp(meta.at);
      if (!(await completeSurvey(trx, survey.id, user.id, at, version, respondent))) {
        throw surveyClosedError((await findSurvey(trx, survey.id))?.status ?? 'completed');
      }
    },
  });
}

/** What a submission stores, whoever makes it (the staff at the bedside, a survey link). */
export interface SubmissionTarget<T> {
  /** The survey answered: open on the staff's due list, or a link's, not yet written. */
  survey: Survey;
  /** Whose idempotency keys these are: the user's id, or the link's (`link:<id>`). */
  owner: string;
  idempotencyKey: string;
  hash: string;
  /** The 200 body answered now and to every retry with the key, and how to read it back. */
  response: T;
  parse: (stored: unknown) => T;
  answers: readonly Omit<AnswerRecord, 'Patient_Survey__c'>[];
  acknowledgements: readonly AcknowledgementEntry[];
  respondent: Respondent;
  /**
   * Writes the survey as completed on `version` in the transaction (closing the open survey, or
   * inserting the link's), or throws (the survey is no longer open).
   */
  close: (trx: Kysely<Database>, version: number | null, respondent: Respondent) => Promise<void>;
}

/**
 * Checks the answers against the questionnaire version they were given on and stores them in one
 * transaction: the idempotency key, the survey closed, answers, alerts, acknowledgements and the
 * audit event (the staff submission and a survey link's alike, ADR 059).
 */
export async function storeSubmission<T>(
  ctx: AppContext,
  meta: RequestMeta,
  target: SubmissionTarget<T>,
): Promise<SubmissionResult<T>> {
  const { survey } = target;
  const answered = await checkedAnswers(ctx, survey, target.answers);

  const codes = [...new Set(target.acknowledgements.map((entry) => entry.id))];
  const employees = new Map(
    (await findEmployeesByCode(ctx.db, survey.facility_id, codes))
      .filter((employee) => fromFlag(employee.active))
      .map((employee) => [employee.code, employee]),
  );
  const acknowledged = target.acknowledgements.map((entry, index) => {
    const employee = employees.get(entry.id);
    if (!employee) throw badRequest(MESSAGES.acknowledgedEmployeeUnknown(index + 1, entry.id));
    return { employee, comment: entry.comment.trim() };
  });

  const at = toTimestamp(meta.at);
  const response: StoredResponse = { statusCode: 200, body: target.response };
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimIdempotencyKey(trx, {
      userId: target.owner,
      key: target.idempotencyKey,
      hash: target.hash,
      response,
      at: meta.at,
    });
    if (!claimed) return 'key-taken' as const;
    await target.close(trx, answered.version, target.respondent);
    await storeAnswers(trx, ctx, meta, survey, answered, target.answers);
    await insertAcknowledgements(
      trx,
      acknowledged.map(({ employee, comment }) => ({
        id: newRowId(),
        survey_id: survey.id,
        employee_id: employee.id,
        facility_id: survey.facility_id,
        comment,
        status: 'pending',
        created_at: at,
        reviewed_by: null,
        reviewed_at: null,
      })),
    );
    await auditAnswered(trx, meta, 'survey.submitted', survey, answered.version, {
      respondent: target.respondent,
      // A survey by link says how it came (ADR 059); an interview's detail stays as it was.
      ...(survey.channel === 'interview' ? {} : { channel: survey.channel }),
      answers: target.answers.length,
      non_answers: target.answers.filter((answer) => answer.Non_Answer__c).length,
      acknowledgements: acknowledged.length,
    });
    return 'stored' as const;
  });
  if (outcome === 'stored') return { body: target.response, replayed: false };

  // A concurrent request with the same key won the race: answer what it stored.
  const winner = await storedResponse(ctx.db, target.owner, target.idempotencyKey, target.hash);
  if (!winner) throw new Error('An idempotency key was taken but holds no response');
  return { body: target.parse(winner.body), replayed: true };
}

/** The stored answers of the surveys, in the order asked, each survey's in answer order. */
export async function submittedAnswers(
  ctx: AppContext,
  user: SessionUser,
  surveyIds: readonly string[],
): Promise<SubmittedAnswer[]> {
  const ids = [...new Set(surveyIds)];
  const surveys = await findSurveysVisibleTo(ctx.db, viewerOf(user), ids);
  if (surveys.length !== ids.length) throw notFound(MESSAGES.surveyNotFound);
  for (const survey of surveys) assertFacilityVisible(survey.visible);
  const rows = await listSubmittedAnswers(ctx.db, ids);
  return ids.flatMap((id) =>
    rows
      .filter((row) => row.survey_id === id)
      // A declined question also says how (ADR 026), a question with interviewer text carries it
      // for print (ADR 060); other rows keep the spec's three fields.
      .map(({ question, answer, comment, non_answer, type, meta_json }) => {
        const choices = type === 'MultiPicklist' && answer ? splitMultiAnswer(answer) : [];
        const interviewer = parseQuestionMeta(meta_json).interviewer_text;
        return {
          question,
          answer,
          comment,
          ...(non_answer ? { non_answer } : {}),
          ...(choices.length > 1 ? { choices } : {}),
          ...(interviewer ? { interviewer_text: interviewer } : {}),
        };
      }),
  );
}
