import {
  ADMIN_TEXT,
  IMPORT_MAPPING_TEXT,
  IMPORT_SPLIT_FIELDS,
  importMappingFields,
  mappingProblems,
} from '@carevoice/shared';
import { Box, Button, Group, List, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { FormError } from '@/components/form-error';
import type { MappingChoice } from './use-csv-import';

const text = ADMIN_TEXT.census;
const mappingText = IMPORT_MAPPING_TEXT;

/** The column mapping step: one select per column of the file, checked as the server checks it. */
export function MappingStep({
  choice,
  columns,
  required,
  busy,
  failure,
  onChange,
  onPreview,
  onClose,
}: {
  choice: MappingChoice;
  columns: readonly string[];
  required: readonly string[];
  busy: boolean;
  failure: string | null;
  onChange: (choice: MappingChoice) => void;
  onPreview: () => void;
  onClose: () => void;
}) {
  const fields = importMappingFields(columns);
  const problems = mappingProblems(choice.headers, choice.fields, fields, required);
  const options = [
    { value: '', label: mappingText.ignore },
    ...fields.map((field) => ({
      value: field,
      // A split field says how its column is written: full_name is "Last, First".
      label: field in IMPORT_SPLIT_FIELDS ? mappingText.fullNameField : field,
    })),
  ];
  return (
    <Stack gap="md">
      <Text fw={600} component="h3" m={0}>
        {mappingText.mappingHeading}
      </Text>
      <Text>{mappingText.mappingIntro}</Text>
      <Text size="sm" c="dimmed">
        {choice.remembered ? mappingText.mappingRemembered : mappingText.mappingGuessed}
      </Text>
      <Box
        mah={360}
        style={{ overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={mappingText.mappingTable}
      >
        <Table withTableBorder aria-label={mappingText.mappingTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{mappingText.fileColumn}</Table.Th>
              <Table.Th scope="col">{mappingText.readAs}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {choice.headers.map((header, index) => {
              const problem = problems.find((item) => item.column === header);
              return (
                <Table.Tr key={`${header}-${index}`}>
                  <Table.Td>{header || `#${index + 1}`}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={mappingText.readAsLabel(header || `#${index + 1}`)}
                      data={options}
                      value={choice.fields[index] ?? ''}
                      error={problem?.message}
                      disabled={busy}
                      onChange={(event) => {
                        const fields = [...choice.fields];
                        fields[index] = event.currentTarget.value || null;
                        onChange({ ...choice, fields });
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {problems.some((problem) => !choice.headers.includes(problem.column)) && (
        <List size="sm" c="var(--mantine-color-error)" role="alert">
          {problems
            .filter((problem) => !choice.headers.includes(problem.column))
            .map((problem) => (
              <List.Item key={problem.message}>{problem.message}</List.Item>
            ))}
        </List>
      )}
      <FormError message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {ADMIN_TEXT.common.cancel}
        </Button>
        <Button onClick={onPreview} disabled={problems.length > 0} loading={busy}>
          {busy ? text.checking : mappingText.previewMapped}
        </Button>
      </Group>
    </Stack>
  );
}
