import { INTERVIEW_TEXT, type Question } from '@carevoice/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AnswerInput } from './question-input';

function Harness({ question, language }: { question: Question; language?: string }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <h2 id="q">{question.name}</h2>
      <AnswerInput
        question={question}
        value={value}
        onChange={setValue}
        labelledBy="q"
        language={language}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const RATING: Question = {
  id: 'r',
  name: 'How would you rate this nursing home?',
  type: 'Rating',
  values: {},
  validation_logic: { required: true },
  labels: { low: 'Worst possible', high: 'Best possible' },
  texts: { es: { name: '¿Cómo calificaría?', values: {}, labels: { low: 'El peor', high: '' } } },
};

describe('the Rating answer (ADR 060)', () => {
  it('offers 0 to 10 as one radio group named by the question, with the end labels', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness question={RATING} /> }]);
    const group = await screen.findByRole('radiogroup', { name: RATING.name });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(11);
    expect(screen.getByText('Worst possible')).toBeVisible();
    expect(screen.getByText('Best possible')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '10 (Best possible)' }));
    expect(screen.getByTestId('value')).toHaveTextContent('10');
    await user.click(screen.getByRole('radio', { name: '0 (Worst possible)' }));
    expect(screen.getByTestId('value')).toHaveTextContent('0');
  });

  it('shows the end labels in the resident’s language, English where one is missing', async () => {
    renderRoutes([{ path: '/', element: <Harness question={RATING} language="es" /> }]);
    expect(await screen.findByText('El peor')).toBeVisible();
    expect(screen.getByText('Best possible')).toBeVisible();
  });
});

describe('a Number answer with a range (ADR 060)', () => {
  it('says the range under the field and describes the field with it', async () => {
    const question: Question = {
      id: 'n',
      name: 'How many years?',
      type: 'Number',
      values: {},
      validation_logic: { required: true, min: 0, max: 120 },
    };
    renderRoutes([{ path: '/', element: <Harness question={question} /> }]);
    const input = await screen.findByRole('textbox', { name: question.name });
    expect(input).toHaveAccessibleDescription(INTERVIEW_TEXT.numberRange(0, 120));
  });
});
