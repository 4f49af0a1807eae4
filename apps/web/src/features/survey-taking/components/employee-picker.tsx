import { UI_TEXT, type ActiveEmployeesResponse } from '@carevoice/shared';
import { ActionIcon, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useReducer } from 'react';
import { ChoiceCard } from '@/components/choice-card';
import { ArrowLeftIcon } from '@/components/icons';
import { parseEmployeeEntry } from '../api/get-active-employees';

const text = UI_TEXT.questions;

export interface PickedEmployee {
  code: string;
  name: string;
  department: string;
  position: string;
}

type Step =
  | { step: 'department' }
  | { step: 'position'; department: string }
  | { step: 'employee'; department: string; position: string };

type Action = { type: 'choose'; value: string } | { type: 'back' };

function reducer(state: Step, action: Action): Step {
  if (action.type === 'back') {
    if (state.step === 'employee') return { step: 'position', department: state.department };
    return { step: 'department' };
  }
  if (state.step === 'department') return { step: 'position', department: action.value };
  if (state.step === 'position') {
    return { step: 'employee', department: state.department, position: action.value };
  }
  return state;
}

const byName = (a: string, b: string) => a.localeCompare(b);

export interface EmployeePickerProps {
  employees: ActiveEmployeesResponse;
  onPick: (employee: PickedEmployee) => void;
  /** The back arrow at the department step (leave the picker). */
  onLeave?: () => void;
}

/**
 * Department, then position, then employee (spec §2 Employee review), with a back arrow one step
 * up. Choices are large buttons, sorted by name.
 */
export function EmployeePicker({ employees, onPick, onLeave }: EmployeePickerProps) {
  const [state, dispatch] = useReducer(reducer, { step: 'department' });

  let heading: string;
  let choices: { key: string; label: string; detail?: string; choose: () => void }[];
  if (state.step === 'department') {
    heading = text.chooseDepartment;
    choices = Object.keys(employees)
      .sort(byName)
      .map((department) => ({
        key: department,
        label: department,
        choose: () => dispatch({ type: 'choose', value: department }),
      }));
  } else if (state.step === 'position') {
    heading = text.choosePosition;
    choices = Object.keys(employees[state.department] ?? {})
      .sort(byName)
      .map((position) => ({
        key: position,
        label: position,
        choose: () => dispatch({ type: 'choose', value: position }),
      }));
  } else {
    heading = text.chooseEmployee;
    const { department, position } = state;
    choices = (employees[department]?.[position] ?? [])
      .map(parseEmployeeEntry)
      .sort((a, b) => byName(a.name, b.name))
      .map(({ name, code }) => ({
        key: code,
        label: name,
        choose: () => onPick({ code, name, department, position }),
      }));
  }

  const canGoBack = state.step !== 'department' || onLeave !== undefined;
  const back = () => (state.step === 'department' ? onLeave?.() : dispatch({ type: 'back' }));

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        {canGoBack && (
          <ActionIcon
            variant="default"
            size="xl"
            radius="xl"
            aria-label={text.backStep}
            onClick={back}
          >
            <ArrowLeftIcon size={22} />
          </ActionIcon>
        )}
        <Stack gap={0}>
          <Title order={2} fz="xl">
            {heading}
          </Title>
          {state.step !== 'department' && (
            <Text c="dimmed" size="sm">
              {state.step === 'position'
                ? state.department
                : `${state.department} · ${state.position}`}
            </Text>
          )}
        </Stack>
      </Group>
      {choices.length === 0 ? (
        <Text role="status">{text.noEmployees}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {choices.map((choice) => (
            <ChoiceCard key={choice.key} onClick={choice.choose}>
              {choice.label}
            </ChoiceCard>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
