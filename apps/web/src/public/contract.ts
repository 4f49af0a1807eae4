/**
 * The public survey's answers from the server (DESIGN §9, ADR 059): the contract's own schemas,
 * so the page parses with what the server validates. The page imports only these schemas of the
 * contract, so it does not carry the staff app's endpoint table.
 */
export {
  PublicSurveySchema,
  type PublicAnswerRecord,
  type PublicSurvey,
  type Question,
} from '@carevoice/shared';
