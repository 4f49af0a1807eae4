import { DISCHARGE_DESTINATIONS } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { dischargeDestination } from './discharge-disposition.js';

describe('PV1-36 discharge disposition to discharge_destination', () => {
  it.each([
    ['01', 'home'],
    ['06', 'home'],
    ['02', 'hospital'],
    ['09', 'hospital'],
    ['66', 'hospital'],
    ['03', 'snf'],
    ['61', 'snf'],
    ['62', 'irf'],
    ['63', 'ltch'],
    ['65', 'psychiatric'],
    ['50', 'hospice'],
    ['51', 'hospice'],
    ['20', 'died'],
    ['40', 'died'],
    ['41', 'died'],
    ['42', 'died'],
    ['07', 'ama'],
    ['04', 'other'],
    ['70', 'other'],
  ] as const)('%s → %s', (code, destination) => {
    expect(dischargeDestination(code)).toBe(destination);
  });

  it('reads a planned-readmission code (81–95) as the code it repeats', () => {
    expect(dischargeDestination('81')).toBe('home');
    expect(dischargeDestination('82')).toBe('hospital');
    expect(dischargeDestination('83')).toBe('snf');
    expect(dischargeDestination('90')).toBe('irf');
    expect(dischargeDestination('91')).toBe('ltch');
    expect(dischargeDestination('93')).toBe('psychiatric');
  });

  it('reads a code without its leading zero or with spaces', () => {
    expect(dischargeDestination('1')).toBe('home');
    expect(dischargeDestination(' 3 ')).toBe('snf');
  });

  it('gives no destination for an empty, unknown or malformed code', () => {
    for (const code of ['', '00', '10', '22', '99', 'HOME', '1a', '001']) {
      expect(dischargeDestination(code)).toBeNull();
    }
  });

  it('only ever gives one of the census’s destinations', () => {
    for (let n = 0; n < 100; n += 1) {
      const destination = dischargeDestination(String(n).padStart(2, '0'));
      if (destination !== null) expect(DISCHARGE_DESTINATIONS).toContain(destination);
    }
  });
});
