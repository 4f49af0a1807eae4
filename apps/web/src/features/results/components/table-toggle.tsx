import { RESULTS_TEXT } from '@carevoice/shared';
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/**
 * A chart and the table it draws. The table is always in the page for assistive technology (and
 * on paper); "Show table" also shows it on screen.
 */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <Stack gap="xs">
      {chart}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setShown(!shown)}
        aria-expanded={shown}
        aria-controls={id}
        style={{ alignSelf: 'flex-start' }}
        data-print-hide
      >
        {shown ? RESULTS_TEXT.hideTable : RESULTS_TEXT.showTable}
      </Button>
      {shown ? <div id={id}>{table}</div> : <VisuallyHidden id={id}>{table}</VisuallyHidden>}
    </Stack>
  );
}
