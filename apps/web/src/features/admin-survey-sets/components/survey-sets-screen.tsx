import { ADMIN_TEXT, type AdminFacility, type AdminSurveySet } from '@carevoice/shared';
import { useState } from 'react';
import {
  ListView,
  RowActions,
  ListScreen,
  type Column,
} from '@/components/back-office/list-screen';
import { wholeSource } from '@/components/back-office/list-source';
import { useAdminFacilities } from '@/features/admin-facilities';
import { useAdminSurveySets } from '../api/get-admin-survey-sets';
import { SurveySetFormModal } from './survey-set-form-modal';

const text = ADMIN_TEXT.surveySets;

/** Where a set is offered: the administrator's facilities by name, then how many others. */
function offeredAt(set: AdminSurveySet, names: ReadonlyMap<string, string>): string {
  const own = set.facility_ids
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b));
  const others = set.facility_ids.length - own.length;
  const parts = [...own, ...(others > 0 ? [text.otherFacilitiesShort(others)] : [])];
  return parts.length > 0 ? parts.join(', ') : text.noFacilities;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; surveySet: AdminSurveySet } | null;

/**
 * /admin/survey-sets: the additional survey sets the administrator's facilities offer, where
 * each is offered, a new set and changes (name, facilities). A new set has no questions until
 * its questionnaire is written; the staff screens say "No survey questions" until then.
 */
export function SurveySetsScreen() {
  const sets = useAdminSurveySets();
  const facilities = useAdminFacilities();
  const [dialog, setDialog] = useState<Dialog>(null);

  const mine: readonly AdminFacility[] = facilities.data ?? [];
  const names = new Map(mine.map((facility) => [facility.id, facility.name]));
  const canCreate = mine.some((facility) => !facility.archived);
  // The list needs both: the sets, and the facilities that name where they are offered.
  const list = wholeSource({
    data: facilities.data ? sets.data : undefined,
    isPending: sets.isPending || facilities.isPending,
    isError: sets.isError || facilities.isError,
    error: sets.error ?? facilities.error,
    isFetching: sets.isFetching || facilities.isFetching,
    refetch: () => Promise.all([sets.refetch(), facilities.refetch()]),
  });

  const columns: Column<AdminSurveySet>[] = [
    { header: text.columns.name, rowHeader: true, cell: (set) => set.name },
    { header: text.columns.facilities, cell: (set) => offeredAt(set, names) },
    {
      header: text.columns.actions,
      cell: (surveySet) => (
        <RowActions
          actions={[
            {
              label: text.edit,
              ariaLabel: text.editLabel(surveySet.name),
              onClick: () => setDialog({ kind: 'edit', surveySet }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListScreen
      title={text.heading}
      intro={text.intro}
      create={
        canCreate ? { label: text.newSet, onClick: () => setDialog({ kind: 'create' }) } : null
      }
    >
      <ListView
        list={list}
        columns={columns}
        rowKey={(set) => set.id}
        label={text.tableLabel}
        minWidth={640}
        empty={canCreate ? text.empty : ADMIN_TEXT.common.noFacilities}
      />
      {dialog ? (
        <SurveySetFormModal
          key={dialog.kind === 'edit' ? dialog.surveySet.id : 'new'}
          surveySet={dialog.kind === 'edit' ? dialog.surveySet : null}
          facilities={mine}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </ListScreen>
  );
}
