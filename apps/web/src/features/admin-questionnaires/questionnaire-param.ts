/** The query parameter of the editor's address: the questionnaire's id (a reload opens it again). */
export const QUESTIONNAIRE_PARAM = 'id';
