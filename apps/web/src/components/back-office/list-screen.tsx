import { ADMIN_TEXT } from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import type { ListSource } from './list-source';
import { LoadFailed } from './load-failed';

const common = ADMIN_TEXT.common;

/** One column of a list: its header and what a row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row: a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Kept on one line (dates, short codes). */
  nowrap?: boolean;
}

/** A screen's main action ("New facility", "Invite user"): a button, or nothing. */
export interface CreateAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * A back-office screen: its heading, what it is for and its main actions (create, export) at
 * the top, then its body (filters, the list, its dialogs).
 */
export function ListScreen({
  title,
  intro,
  create,
  actions,
  children,
}: {
  title: string;
  intro: string;
  /** Left out when null (the administrator may not create one). */
  create?: CreateAction | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Group>
          {actions}
          {create ? (
            <Button onClick={create.onClick} disabled={create.disabled}>
              {create.label}
            </Button>
          ) : null}
        </Group>
      </Group>
      {children}
    </Stack>
  );
}

export interface ListViewProps<Row> {
  list: ListSource<Row>;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** What an empty list says. */
  empty: string;
  /** When a filter is set: what an empty list says then, and how to clear the filters. */
  filtered?: { active: boolean; empty: string; clearLabel: string; onClear: () => void };
  loadingLabel?: string;
  /** Nothing is asked (a filter that cannot match): only the filters show. */
  idle?: boolean;
}

/**
 * The body of a list screen: loading, failed (with "Try again"), empty (or nothing matching,
 * with a way to clear the filters), else the table and "Show more" while there are more pages.
 */
export function ListView<Row>({
  list,
  columns,
  rowKey,
  label,
  minWidth,
  empty,
  filtered,
  loadingLabel = common.loading,
  idle = false,
}: ListViewProps<Row>) {
  if (idle) return null;
  if (list.isPending) return <Spinner label={loadingLabel} />;
  if (list.isError && list.rows.length === 0) {
    return <LoadFailed error={list.error} retrying={list.isFetching} onRetry={list.refetch} />;
  }
  if (list.rows.length === 0) {
    const matching = filtered?.active ? filtered : null;
    return (
      <Paper withBorder p="xl" radius="lg" ta="center">
        <Stack align="center" gap="md">
          <Text size="lg" fw={500} role="status">
            {matching ? matching.empty : empty}
          </Text>
          {matching ? (
            <Button variant="default" onClick={matching.onClear}>
              {matching.clearLabel}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={label}
          aria-busy={list.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? Table.Th : Table.Td;
                  return (
                    <Cell
                      key={column.header}
                      scope={column.rowHeader ? 'row' : undefined}
                      fw={column.rowHeader ? 600 : undefined}
                      style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={list.fetchNextPage} loading={list.isFetchingNextPage}>
            {common.loadMore}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * A state shown as a filled badge; its label is never cut (a narrow column wraps the row
 * instead).
 */
export function StatusBadge({ label, color }: { label: string; color: string }) {
  return (
    <Badge
      color={color}
      variant="filled"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/** A row's action: a small button whose accessible name says which row it acts on. */
export interface RowAction {
  label: string;
  /** The accessible name: the action and the row's name ("Edit Ada Lovelace"). */
  ariaLabel: string;
  onClick: () => void;
  loading?: boolean;
  /** Left out when false. */
  shown?: boolean;
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {actions
        .filter((action) => action.shown !== false)
        .map((action) => (
          <Button
            key={action.label}
            size="xs"
            variant="default"
            aria-label={action.ariaLabel}
            loading={action.loading}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
    </Group>
  );
}
