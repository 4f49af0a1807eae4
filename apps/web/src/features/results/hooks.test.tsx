import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useResultsFilters } from './hooks';

function Probe() {
  const { filters, setFilters } = useResultsFilters();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two choices before the first has rendered, as a quick hand (or a test) makes them.
          setFilters({ facilityIds: ['facility-1'] });
          setFilters({ surveyType: 'Admission', surveySetId: null });
        }}
      >
        both
      </button>
      <button type="button" onClick={() => setFilters({ period: '30', from: '', to: '' })}>
        period
      </button>
      <output>{filters.facilityIds.join(',')}</output>
    </>
  );
}

function renderProbe(path: string) {
  const router = createMemoryRouter([{ path: '/results', element: <Probe /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useResultsFilters', () => {
  it('keeps a first choice when a second is made before the first has rendered', async () => {
    const router = renderProbe('/results?period=365');
    await act(async () => screen.getByRole('button', { name: 'both' }).click());
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('facility')).toEqual(['facility-1']);
    expect(params.get('type')).toBe('Admission');
    expect(params.get('period')).toBe('365');
  });

  it('keeps the address’s other filters when one changes after a render', async () => {
    const router = renderProbe('/results?facility=facility-2&period=365&type=Discharge');
    await act(async () => screen.getByRole('button', { name: 'period' }).click());
    const params = new URLSearchParams(router.state.location.search);
    expect(params.getAll('facility')).toEqual(['facility-2']);
    expect(params.get('type')).toBe('Discharge');
    expect(params.get('period')).toBe('30');
    expect(screen.getByRole('status')).toHaveTextContent('facility-2');
  });
});
