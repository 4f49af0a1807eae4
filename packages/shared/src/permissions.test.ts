import { describe, expect, it } from 'vitest';
import type { PermissionType } from './enums.js';
import { hasPermission, visibleTiles } from './permissions.js';

const labels = (granted: PermissionType[], all: boolean) =>
  visibleTiles(granted, all).map((tile) => tile.label);

describe('visibleTiles', () => {
  it.each<[string, PermissionType[], boolean, string[]]>([
    ['nothing granted shows no tile', [], false, []],
    ['one permission shows its tile only', ['Patients_Surveys'], false, ['Patient Surveys']],
    [
      'each permission maps to its own tile, in display order',
      ['Social_Work', 'Managed_Care', 'Incentive_Acknowledgement', 'Patients_Surveys'],
      false,
      ['Managed Care Updates', 'Patient Surveys', 'Incentive Acknowledgement', 'Social Work'],
    ],
    [
      'all_permission_access shows the service tiles, Administration and Survey Results but not the placeholders',
      [],
      true,
      [
        'Managed Care Updates',
        'Patient Surveys',
        'Incentive Acknowledgement',
        'Social Work',
        'Administration',
        'Survey Results',
      ],
    ],
    ['Administration shows its tile', ['Administration'], false, ['Administration']],
    ['Survey_Results shows its tile', ['Survey_Results'], false, ['Survey Results']],
    [
      'Lorem_ipsum_text shows both placeholder tiles',
      ['Lorem_ipsum_text'],
      false,
      ['Lorem ipsum', 'Dolor sit amet'],
    ],
    [
      'Lorem_ipsum_text with all_permission_access shows every tile',
      ['Lorem_ipsum_text'],
      true,
      [
        'Managed Care Updates',
        'Patient Surveys',
        'Incentive Acknowledgement',
        'Social Work',
        'Lorem ipsum',
        'Dolor sit amet',
        'Administration',
        'Survey Results',
      ],
    ],
  ])('%s', (_name, granted, all, expected) => {
    expect(labels(granted, all)).toEqual(expected);
  });
});

describe('hasPermission', () => {
  it('grants a listed permission without all_permission_access', () => {
    expect(hasPermission('Incentive_Acknowledgement', ['Incentive_Acknowledgement'], false)).toBe(
      true,
    );
  });
  it('refuses an unlisted permission without all_permission_access', () => {
    expect(hasPermission('Incentive_Acknowledgement', ['Patients_Surveys'], false)).toBe(false);
  });
  it('all_permission_access grants every permission but Lorem_ipsum_text', () => {
    expect(hasPermission('Social_Work', [], true)).toBe(true);
    expect(hasPermission('Lorem_ipsum_text', [], true)).toBe(false);
  });
});
