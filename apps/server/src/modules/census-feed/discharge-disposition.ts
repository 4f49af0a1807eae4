/**
 * PV1-36 (discharge disposition, HL7 table 0112) to the census's `discharge_destination`
 * (DESIGN §9, ADR 053 / 055), in one place. Table 0112 is user-defined; US EHRs send the NUBC
 * UB-04 patient discharge status codes (FL 17), which extend HL7's suggested values, so those are
 * read here. Codes 81–95 are 01–70 "with a planned acute care hospital inpatient readmission":
 * the destination is the same. A code not listed (state-defined ranges, codes retired or never
 * assigned) gives no destination (null): the census does not guess where the resident went.
 */
import type { DischargeDestination } from '@carevoice/shared';

const BY_CODE: Readonly<Record<string, DischargeDestination>> = {
  '01': 'home', // home or self care (routine discharge)
  '02': 'hospital', // a short-term general hospital for inpatient care
  '03': 'snf', // a skilled nursing facility (Medicare certified)
  '04': 'other', // a facility that provides custodial or supportive care (ICF, assisted living)
  '05': 'hospital', // a designated cancer center or children's hospital
  '06': 'home', // home under the care of a home health service organisation
  '07': 'ama', // left against medical advice or discontinued care
  '08': 'home', // home under the care of a home IV provider (HL7's suggested value)
  '09': 'hospital', // admitted as an inpatient to this hospital
  '20': 'died', // expired
  '21': 'other', // court / law enforcement
  '30': 'other', // still a patient
  '40': 'died', // expired at home (hospice)
  '41': 'died', // expired in a medical facility (hospice)
  '42': 'died', // expired, place unknown (hospice)
  '43': 'hospital', // a federal health care facility (VA)
  '50': 'hospice', // hospice, at home
  '51': 'hospice', // hospice, in a medical facility
  '61': 'snf', // a hospital-based Medicare-approved swing bed
  '62': 'irf', // an inpatient rehabilitation facility or unit
  '63': 'ltch', // a Medicare-certified long-term care hospital
  '64': 'snf', // a nursing facility certified under Medicaid but not Medicare
  '65': 'psychiatric', // a psychiatric hospital or distinct part unit
  '66': 'hospital', // a critical access hospital
  '69': 'other', // a designated disaster alternative care site
  '70': 'other', // another type of health care institution
};

/** The planned-readmission codes 81–95 and the code they repeat (81 → 01 … 95 → 70). */
const READMISSION: Readonly<Record<string, string>> = {
  '81': '01',
  '82': '02',
  '83': '03',
  '84': '04',
  '85': '05',
  '86': '06',
  '87': '21',
  '88': '43',
  '89': '61',
  '90': '62',
  '91': '63',
  '92': '64',
  '93': '65',
  '94': '66',
  '95': '70',
};

/**
 * The destination of a PV1-36 value (its first component, as sent: `01`, `1`, ` 03 `); null when
 * empty or not a known code.
 */
export function dischargeDestination(code: string): DischargeDestination | null {
  const trimmed = code.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const padded = trimmed.padStart(2, '0');
  return BY_CODE[READMISSION[padded] ?? padded] ?? null;
}
