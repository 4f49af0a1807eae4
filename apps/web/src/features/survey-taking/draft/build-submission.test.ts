import { describe, expect, it } from 'vitest';
import { residentDraft, setDraft } from '../test/fixtures';
import { buildSubmission } from './build-submission';

describe('buildSubmission', () => {
  it('sends the answers in the order given, with the survey id, the user and the acknowledgements', () => {
    const acknowledgement = {
      id: 'E1002',
      name: 'Ben Nguyen',
      position: 'Registered Nurse',
      department: 'Nursing',
      comment: 'Always kind',
    };
    const body = buildSubmission(
      residentDraft({
        index: 7,
        history: [
          { questionId: 'q1', answer: 'No' },
          { questionId: 'q2', answer: null },
          { questionId: 'q3', answer: '8' },
        ],
        pending: 'not sent',
        stage: 'employees',
        acknowledgements: [acknowledgement],
      }),
    );
    expect(body).toEqual({
      survey_answer_list: [
        ['q1', 'No'],
        ['q2', null],
        ['q3', '8'],
      ].map(([question, answer]) => ({
        Patient_Survey__c: 'survey-1',
        Survey_Question__c: question,
        Answer__c: answer,
        Comment__c: null,
      })),
      patient_id: 'survey-1',
      sf_user_id: 'user-1',
      ack_data: [acknowledgement],
    });
  });

  it('sends each answer with its comment trimmed, a blank comment as null, and no comment of an unanswered question', () => {
    const body = buildSubmission(
      setDraft({
        index: 3,
        history: [
          { questionId: 's1', answer: 'Poor' },
          { questionId: 's2', answer: 'Taste' },
          { questionId: 's3', answer: 'Yes' },
        ],
        comments: { s1: '  Cold soup ', s2: '   ', s9: 'left behind by Prev' },
        stage: 'confirm',
      }),
    );
    expect(body.survey_answer_list.map((answer) => answer.Comment__c)).toEqual([
      'Cold soup',
      null,
      null,
    ]);
    expect(body.patient_id).toBe('survey-9');
    expect(body.ack_data).toEqual([]);
  });
});
