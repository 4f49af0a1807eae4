/**
 * Demo data (DESIGN §7), deterministic: ids derive from names, choices come from a seeded PRNG
 * and dates are relative to the `today` passed in, so the same anchor gives the same rows.
 * Seeding is one transaction and runs only into a database without users.
 */
import {
  DISCHARGE_REASONS,
  nextQuestionIndex,
  type PermissionType,
  type Question,
  type ResidentSurveyType,
  type AcknowledgementStatus,
} from '@carevoice/shared';
import type { Insertable, Kysely } from 'kysely';
import { sha256 } from '../../lib/crypto.js';
import {
  answerKeyOf,
  answerRaisesAlert,
  parseQuestionMeta,
  versionRows,
} from '../questionnaire-rows.js';
import {
  ADMISSION,
  DISCHARGE,
  templateDraft,
  type QuestionSpec,
} from '../questionnaire-templates.js';
import type { Database, QuestionMeta } from '../database.js';
import { addDays, questionFromRow, toFlag } from '../values.js';

export interface DemoSeedOptions {
  /** The anchor date `yyyy-MM-dd` (the real today in production, fixed in tests). */
  today: string;
  /** argon2id hash of DEMO_PASSWORD, computed once by the caller. */
  passwordHash: string;
}

/** A stable UUID-shaped id from names (same names → same id). */
export function demoId(...parts: string[]): string {
  const hex = sha256(['carevoice-demo', ...parts].join('/'));
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** mulberry32: a small seeded PRNG, enough for demo choices (the volume generator uses it too). */
export class Random {
  private state: number;

  constructor(seedText: string) {
    this.state = parseInt(sha256(seedText).slice(0, 8), 16);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A first and last name whose combination is not in `used` yet (and is then added). */
  uniqueName(firsts: string[], lasts: string[], used: Set<string>): [string, string] {
    for (;;) {
      const name: [string, string] = [this.pick(firsts), this.pick(lasts)];
      if (!used.has(name.join(' '))) {
        used.add(name.join(' '));
        return name;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Fixed content

const FACILITIES = [
  {
    key: 'maple-grove',
    code: 'MG',
    name: 'Maple Grove Care Home',
    timeZone: 'America/Chicago',
    languages: ['en', 'es'],
  },
  {
    key: 'riverside',
    code: 'RS',
    name: 'Riverside Senior Living',
    timeZone: 'America/New_York',
    languages: ['en', 'es'],
  },
  {
    key: 'harbor-view',
    code: 'HV',
    name: 'Harbor View Rehabilitation',
    timeZone: 'America/Los_Angeles',
    languages: ['en'],
  },
] as const;

/** Every n-th demo resident prefers Spanish (in the facilities that offer it). */
const SPANISH_EVERY = 5;
/** Every n-th demo employee has an email address. */
const EMAIL_EVERY = 3;
type FacilityKey = (typeof FACILITIES)[number]['key'];

interface DemoAccount {
  email: string;
  name: string;
  permissions: PermissionType[];
  facilities: FacilityKey[];
  allAccess: boolean;
  /** For the start-up banner. */
  access: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'staff@carevoice.test',
    name: 'Sam Staff',
    permissions: ['Patients_Surveys'],
    facilities: ['maple-grove', 'riverside'],
    allAccess: false,
    access: 'Patients_Surveys; Maple Grove, Riverside',
  },
  {
    email: 'manager@carevoice.test',
    name: 'Morgan Manager',
    permissions: [
      'Patients_Surveys',
      'Incentive_Acknowledgement',
      'Managed_Care',
      'Social_Work',
      'Survey_Results',
    ],
    facilities: ['maple-grove', 'riverside', 'harbor-view'],
    allAccess: false,
    access:
      'Patients_Surveys, Incentive_Acknowledgement, Managed_Care, Social_Work, Survey_Results; all 3',
  },
  {
    email: 'admin@carevoice.test',
    name: 'Ada Admin',
    permissions: [],
    facilities: [],
    allAccess: true,
    access: 'all_permission_access + all_facility_access',
  },
  {
    email: 'preview@carevoice.test',
    name: 'Pat Preview',
    permissions: ['Lorem_ipsum_text', 'Patients_Surveys'],
    facilities: ['maple-grove'],
    allAccess: false,
    access: 'Lorem_ipsum_text, Patients_Surveys; Maple Grove',
  },
  {
    email: 'office@carevoice.test',
    name: 'Olive Office',
    permissions: ['Administration', 'Survey_Results'],
    facilities: ['maple-grove', 'riverside'],
    allAccess: false,
    access:
      'Administration, Survey_Results; Maple Grove, Riverside (a facility-scoped administrator)',
  },
];

const AS_NEEDED: QuestionSpec[] = [
  {
    key: 'help',
    name: 'Is there something we can help you with today?',
    es: '¿Hay algo en lo que podamos ayudarle hoy?',
    type: 'Radio',
    required: true,
    options: 'Yes | No > day',
    optionsEs: 'Sí | No',
  },
  {
    key: 'help-what',
    name: 'What can we help you with?',
    es: '¿En qué podemos ayudarle?',
    type: 'Text',
    required: true,
  },
  {
    key: 'day',
    name: 'How would you rate your day so far, from 1 to 5?',
    es: '¿Cómo calificaría su día hasta ahora, del 1 al 5?',
    type: 'Number',
    required: true,
    threshold: { value: 3, less: null, equal: 'noise', greater: 'noise' },
    alertBelow: 2,
    range: [1, 5],
  },
  {
    key: 'day-better',
    name: 'What would make your day better?',
    es: '¿Qué haría mejor su día?',
    type: 'Text',
    required: false,
  },
  {
    key: 'noise',
    name: 'How is the noise level around your room?',
    es: '¿Cómo es el nivel de ruido alrededor de su habitación?',
    type: 'Picklist',
    required: true,
    options: 'Quiet | Acceptable | Too loud',
    optionsEs: 'Tranquilo | Aceptable | Demasiado ruidoso',
    alerts: ['Too loud'],
  },
  {
    key: 'more-of',
    name: 'What would you like more of?',
    es: '¿De qué le gustaría tener más?',
    type: 'MultiPicklist',
    required: false,
    options: 'Outings | Music | Visits from volunteers | Quiet time',
    optionsEs: 'Salidas | Música | Visitas de voluntarios | Tiempo tranquilo',
  },
];

const CULINARY: QuestionSpec[] = [
  {
    key: 'meals',
    name: "How would you rate today's meals?",
    es: '¿Cómo calificaría las comidas de hoy?',
    type: 'Picklist',
    required: true,
    options: 'Excellent > dining-room | Good > dining-room | Fair | Poor',
    optionsEs: 'Excelentes | Buenas | Regulares | Malas',
    alerts: ['Poor'],
  },
  {
    key: 'better',
    name: 'What could be better?',
    es: '¿Qué podría mejorar?',
    type: 'MultiPicklist',
    required: true,
    options: 'Taste | Temperature | Portion size | Variety | Presentation',
    optionsEs: 'Sabor | Temperatura | Tamaño de la porción | Variedad | Presentación',
  },
  {
    key: 'dining-room',
    name: 'How many meals did you eat in the dining room this week?',
    es: '¿Cuántas comidas tomó en el comedor esta semana?',
    type: 'Number',
    required: true,
    threshold: { value: 7, less: null, equal: 'staff', greater: 'staff' },
    range: [0, 21],
  },
  {
    key: 'dining-room-why',
    name: 'What keeps you from eating in the dining room?',
    es: '¿Qué le impide comer en el comedor?',
    type: 'Text',
    required: false,
  },
  {
    key: 'staff',
    name: 'Were the dining staff friendly and helpful?',
    es: '¿El personal del comedor fue amable y servicial?',
    type: 'Radio',
    required: true,
    options: 'Yes | Mostly | No',
    optionsEs: 'Sí | En general | No',
  },
  {
    key: 'dish',
    name: 'Is there a dish you would like to see on the menu?',
    es: '¿Hay algún plato que le gustaría ver en el menú?',
    type: 'Text',
    required: false,
  },
];

const THERAPY: QuestionSpec[] = [
  {
    key: 'sessions',
    name: 'How many therapy sessions did you have this week?',
    es: '¿Cuántas sesiones de terapia tuvo esta semana?',
    type: 'Number',
    required: true,
    threshold: { value: 3, less: null, equal: 'mobility', greater: 'mobility' },
    range: [0, 7],
  },
  {
    key: 'sessions-why',
    name: 'What got in the way of your sessions?',
    es: '¿Qué le impidió asistir a sus sesiones?',
    type: 'Text',
    required: false,
  },
  {
    key: 'mobility',
    name: 'Do you feel your mobility is improving?',
    es: '¿Siente que su movilidad está mejorando?',
    type: 'Radio',
    required: true,
    options: 'Yes > explain | Somewhat > explain | No',
    optionsEs: 'Sí | Algo | No',
  },
  {
    key: 'progress',
    name: 'What would help you make more progress?',
    es: '¿Qué le ayudaría a progresar más?',
    type: 'Text',
    required: false,
  },
  {
    key: 'explain',
    name: 'How well does your therapist explain your exercises?',
    es: '¿Qué tan bien le explica su terapeuta los ejercicios?',
    type: 'Picklist',
    required: true,
    options: 'Very well | Well | Not well',
    optionsEs: 'Muy bien | Bien | No muy bien',
  },
  {
    key: 'goals',
    name: 'Which goals matter most to you?',
    es: '¿Qué metas son las más importantes para usted?',
    type: 'MultiPicklist',
    required: false,
    options: 'Walking | Strength | Balance | Independence at home',
    optionsEs: 'Caminar | Fuerza | Equilibrio | Independencia en casa',
  },
];

const SURVEY_SETS: {
  key: string;
  name: string;
  facilities: FacilityKey[];
  questions: QuestionSpec[];
}[] = [
  {
    key: 'as-needed',
    name: 'As Needed',
    facilities: ['maple-grove', 'riverside', 'harbor-view'],
    questions: AS_NEEDED,
  },
  {
    key: 'culinary',
    name: 'Culinary Experience',
    facilities: ['maple-grove', 'riverside', 'harbor-view'],
    questions: CULINARY,
  },
  { key: 'therapy', name: 'Therapy Progress', facilities: ['harbor-view'], questions: THERAPY },
];

const DEPARTMENTS: Record<string, string[]> = {
  Nursing: ['Registered Nurse', 'Licensed Practical Nurse', 'Certified Nursing Assistant'],
  Culinary: ['Chef', 'Cook', 'Dietary Aide'],
  Housekeeping: ['Housekeeper', 'Laundry Aide', 'Floor Technician'],
  Therapy: ['Physical Therapist', 'Occupational Therapist', 'Speech-Language Pathologist'],
  Activities: ['Activities Director', 'Activities Assistant'],
};
/** Every department's positions, in order (the chain generator fills them the same way). */
export const POSITIONS = Object.entries(DEPARTMENTS).flatMap(([department, positions]) =>
  positions.map((position) => ({ department, position })),
);

const words = (text: string) => text.trim().split(/\s+/);
export const RESIDENT_FIRST = words(`
  Margaret Harold Dorothy Walter Evelyn Frank Ruth George Helen Arthur Betty Raymond Shirley
  Eugene Virginia Albert Joan Howard Lois Ralph Gloria Clarence Marion Louis Irene Earl Mildred
  Stanley Alice Leonard Doris Vincent Phyllis Norman Beatrice Herbert Eleanor Chester June Wallace`);
export const RESIDENT_LAST = words(`
  Abbott Bennett Caldwell Dawson Ellison Fletcher Gallagher Hartley Ingram Jennings Kendrick
  Lawson Mercer Nolan Osborne Prescott Quinlan Rutherford Sinclair Thornton Underwood Vaughn
  Whitaker Yates Ashford Blackwell Crawford Donovan Everett Fairbanks Garrison Holloway Kingsley
  Langford Montgomery Pemberton Radcliffe Stanton Wakefield Winslow`);
export const EMPLOYEE_FIRST = words(`
  Aisha Ben Carmen Diego Elena Femi Grace Hiro Imani Jonah Keisha Luis Maya Nikhil Olivia Priya
  Quentin Rosa Samir Tara Uma Victor Wendy Xavier Yara Zane`);
export const EMPLOYEE_LAST = words(`
  Okafor Nguyen Martinez Patel Kowalski Johnson Haddad Silva Tanaka O'Brien Mensah Rossi Schmidt
  Cohen Alvarez Kim Lindqvist Dubois`);
export const TEXT_ANSWERS = [
  'Everyone has been very kind to me.',
  'A little more help in the mornings would be nice.',
  'The evenings can feel long; more activities would help.',
  'I would like my family to be updated more often.',
  'Nothing more to add, thank you.',
  'The call button sometimes takes a while to be answered.',
];
export const REVIEWS = [
  'Always checks on me with a smile and takes time to listen.',
  'Went out of the way to find my favourite tea.',
  'Explained my exercises patiently until I felt confident.',
  'Kept my room spotless and asked what I needed.',
  'Made me feel at home from the very first day.',
  'Helped me call my daughter when I was feeling low.',
];

const RESIDENTS_WITH_DUE_SURVEY = 40;
const RESIDENTS_WITHOUT_DUE_SURVEY = 10;
const COMPLETED_SURVEYS = 6;
export const EMPLOYEES_PER_FACILITY = 25;
/**
 * A year of past surveys per facility (results and alerts, ADR 023): residents who have left,
 * each with one Admission or Discharge survey due 3–365 days ago, most completed.
 */
const HISTORY_SURVEYS = 120;
/** Alerts raised this many days ago or less are still open (older ones were resolved). */
const OPEN_ALERT_DAYS = 30;
/** Every facility has at least this many alerts not yet resolved. */
const MIN_UNRESOLVED_ALERTS = 3;
/** Employees (by 0-based number within a facility) who have left. */
export const INACTIVE_EMPLOYEES = new Set([8, 17, 24]);

// ---------------------------------------------------------------------------------------------
// Rows

/** Tables in insertion order (foreign keys first). */
const SEED_TABLES = [
  'users',
  'facilities',
  'user_facilities',
  'user_permissions',
  'survey_sets',
  'facility_survey_sets',
  'questionnaires',
  'questionnaire_versions',
  'questions',
  'residents',
  'employees',
  'surveys',
  'answers',
  'acknowledgements',
  'alerts',
] as const;
type SeedTable = (typeof SEED_TABLES)[number];
export type DemoRows = { [T in SeedTable]: Insertable<Database[T]>[] };

function at(day: string, hour: number): string {
  return `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

/** A question of the demo questionnaires, with what the server keeps besides (option keys). */
interface DemoQuestion {
  question: Question;
  meta: QuestionMeta;
}

/**
 * A questionnaire of a template published as version 1 (by nobody: the standard questionnaire,
 * 90 days ago): its row, the frozen version and the question rows; returns the questions.
 */
function addQuestionnaire(
  rows: DemoRows,
  questionnaire: Omit<Insertable<Database['questionnaires']>, 'published_version' | 'version'>,
  specs: QuestionSpec[],
  publishedAt: string,
): DemoQuestion[] {
  rows.questionnaires.push({ ...questionnaire, published_version: 1, version: 1 });
  const draft = templateDraft(specs, { commentBox: questionnaire.survey_set_id !== null });
  const version = versionRows(questionnaire.id, 1, draft, (key) =>
    demoId('question', questionnaire.id, key),
  );
  rows.questionnaire_versions.push({
    questionnaire_id: questionnaire.id,
    version: 1,
    published_at: publishedAt,
    published_by: null,
    questions_json: JSON.stringify(version.frozen),
  });
  rows.questions.push(...version.questions);
  return version.questions.map((row) => ({
    question: questionFromRow(row),
    meta: parseQuestionMeta(row.meta_json),
  }));
}

function demoAnswer(question: Question, spec: QuestionSpec, random: Random): string | null {
  if (!question.validation_logic.required && random.chance(0.25)) return null;
  const labels = Object.keys(question.values);
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
      return random.pick(labels);
    case 'MultiPicklist': {
      const chosen = labels.filter(() => random.chance(0.35));
      return (chosen.length > 0 ? chosen : [random.pick(labels)]).join(';');
    }
    case 'Number': {
      const [min, max] = spec.range ?? [0, 10];
      return String(random.int(min, max));
    }
    default:
      return random.pick(TEXT_ANSWERS);
  }
}

/**
 * A realistic answer: most residents are content, so earlier options (the templates list the
 * best first) and higher numbers are likelier; a quarter of optional questions are skipped.
 */
function historyAnswer(question: Question, spec: QuestionSpec, random: Random): string | null {
  if (!question.validation_logic.required && random.chance(0.25)) return null;
  const labels = Object.keys(question.values);
  const skewed = <T>(items: readonly T[]): T => {
    const weights = items.map((_, index) => 1 / (index + 1) ** 1.6);
    let roll = random.next() * weights.reduce((sum, weight) => sum + weight, 0);
    for (let index = 0; index < items.length; index += 1) {
      roll -= weights[index] as number;
      if (roll <= 0) return items[index] as T;
    }
    return items.at(-1) as T;
  };
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
      return skewed(labels);
    case 'MultiPicklist': {
      const chosen = labels.filter(() => random.chance(0.3));
      return (chosen.length > 0 ? chosen : [skewed(labels)]).join(';');
    }
    case 'Number': {
      const [min, max] = spec.range ?? [0, 10];
      const values = Array.from({ length: max - min + 1 }, (_, index) => max - index);
      return String(skewed(values));
    }
    default:
      return question.validation_logic.required || random.chance(0.6)
        ? random.pick(TEXT_ANSWERS)
        : null;
  }
}

/** `ana.ruiz@maple-grove.example`: an address that can never reach anyone. */
function employeeEmail(name: string, facilityKey: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${facilityKey}.example`;
}

export function buildDemoRows(options: DemoSeedOptions): DemoRows {
  const { today } = options;
  const rows = Object.fromEntries(SEED_TABLES.map((table) => [table, []])) as unknown as DemoRows;
  const facilityId = (key: FacilityKey) => demoId('facility', key);
  const userId = (email: string) => demoId('user', email);
  /** The standard questionnaires were published when the demo facilities were set up. */
  const publishedAt = at(addDays(today, -90), 9);

  for (const facility of FACILITIES) {
    rows.facilities.push({
      id: facilityId(facility.key),
      name: facility.name,
      time_zone: facility.timeZone,
      languages_json: JSON.stringify(facility.languages),
    });
  }
  for (const account of DEMO_ACCOUNTS) {
    const id = userId(account.email);
    rows.users.push({
      id,
      email: account.email,
      name: account.name,
      password_hash: options.passwordHash,
      all_facility_access: toFlag(account.allAccess),
      all_permission_access: toFlag(account.allAccess),
      active: 1,
      created_at: at(addDays(today, -90), 9),
      updated_at: at(addDays(today, -90), 9),
    });
    for (const key of account.facilities) {
      rows.user_facilities.push({ user_id: id, facility_id: facilityId(key) });
    }
    for (const permission of account.permissions) {
      rows.user_permissions.push({ user_id: id, permission });
    }
  }

  for (const set of SURVEY_SETS) {
    const setId = demoId('survey-set', set.key);
    rows.survey_sets.push({ id: setId, name: set.name });
    for (const key of set.facilities) {
      rows.facility_survey_sets.push({ facility_id: facilityId(key), survey_set_id: setId });
    }
    addQuestionnaire(
      rows,
      {
        id: demoId('questionnaire', 'set', set.key),
        name: set.name,
        facility_id: null,
        survey_type: null,
        survey_set_id: setId,
      },
      set.questions,
      publishedAt,
    );
  }

  FACILITIES.forEach((facility, facilityIndex) => {
    const fid = facilityId(facility.key);
    const random = new Random(`facility/${facility.key}`);
    const questionnaire = (type: ResidentSurveyType) => ({
      id: demoId('questionnaire', facility.key, type),
      name: `${facility.name} — ${type}`,
      facility_id: fid,
      survey_type: type,
      survey_set_id: null,
    });
    const admissionRows = addQuestionnaire(
      rows,
      questionnaire('Admission'),
      ADMISSION,
      publishedAt,
    );
    const admission = admissionRows.map((entry) => entry.question);
    addQuestionnaire(rows, questionnaire('Discharge'), DISCHARGE, publishedAt);

    // Residents: the first ones have a due Admission or Discharge survey, the rest none.
    const residentNames = new Set<string>();
    const residentIds: string[] = [];
    for (let n = 0; n < RESIDENTS_WITH_DUE_SURVEY + RESIDENTS_WITHOUT_DUE_SURVEY; n += 1) {
      const [first, last] = random.uniqueName(RESIDENT_FIRST, RESIDENT_LAST, residentNames);
      const id = demoId('resident', facility.key, String(n));
      const discharged = n === RESIDENTS_WITH_DUE_SURVEY + RESIDENTS_WITHOUT_DUE_SURVEY - 1;
      residentIds.push(id);
      rows.residents.push({
        id,
        facility_id: fid,
        first_name: first,
        last_name: last,
        client_id: `${facility.code}-${1001 + n}`,
        active: toFlag(!discharged),
        discharge_reason: discharged ? 'Discharged' : null,
        discharged_at: discharged ? at(addDays(today, -5), 11) : null,
        // Census dates and languages come from the resident's number, not the PRNG, so the
        // names and surveys drawn below stay what they were before these columns existed.
        admitted_on: addDays(today, -(10 + ((n * 37) % 300))),
        discharged_on: discharged ? addDays(today, -5) : null,
        preferred_language:
          n % SPANISH_EVERY === SPANISH_EVERY - 1 && facility.languages.length > 1 ? 'es' : 'en',
      });
      if (n < RESIDENTS_WITH_DUE_SURVEY) {
        const surveyType = random.chance(0.5) ? 'Admission' : 'Discharge';
        const dueDate = addDays(today, random.int(-20, 40));
        // A due Discharge survey: the resident's planned discharge date is its due date.
        if (surveyType === 'Discharge') {
          (rows.residents.at(-1) as (typeof rows.residents)[number]).discharged_on = dueDate;
        }
        rows.surveys.push({
          id: demoId('survey', facility.key, String(n)),
          facility_id: fid,
          resident_id: id,
          survey_type: surveyType,
          survey_set_id: null,
          due_date: dueDate,
          status: 'due',
          delayed_until: null,
          created_by: null,
          created_at: at(addDays(today, -21), 8),
          submitted_by: null,
          submitted_at: null,
        });
      }
    }

    // Employees: every position filled, a few inactive.
    const employeeNames = new Set<string>();
    const employees = Array.from({ length: EMPLOYEES_PER_FACILITY }, (_, n) => {
      const { department, position } = POSITIONS[
        n % POSITIONS.length
      ] as (typeof POSITIONS)[number];
      // Codes never contain '-': the active-employee list joins name and code with it (ADR 005).
      const code = `E${facilityIndex + 1}${String(n + 1).padStart(3, '0')}`;
      return {
        id: demoId('employee', facility.key, code),
        facility_id: fid,
        code,
        name: random.uniqueName(EMPLOYEE_FIRST, EMPLOYEE_LAST, employeeNames).join(' '),
        department,
        position,
        active: toFlag(!INACTIVE_EMPLOYEES.has(n)),
      };
    });
    rows.employees.push(
      ...employees.map((employee, n) => ({
        ...employee,
        email: n % EMAIL_EVERY === 0 ? employeeEmail(employee.name, facility.key) : null,
      })),
    );

    // Completed Admission surveys with answers along a valid branch path.
    const submitter = userId(
      facility.key === 'harbor-view' ? 'manager@carevoice.test' : 'staff@carevoice.test',
    );
    const completed: string[] = [];
    for (let n = 0; n < COMPLETED_SURVEYS; n += 1) {
      const surveyId = demoId('survey', facility.key, 'completed', String(n));
      const dueDate = addDays(today, -random.int(21, 60));
      completed.push(surveyId);
      rows.surveys.push({
        id: surveyId,
        facility_id: fid,
        resident_id: residentIds[RESIDENTS_WITH_DUE_SURVEY + n] as string,
        survey_type: 'Admission',
        survey_set_id: null,
        due_date: dueDate,
        status: 'completed',
        delayed_until: null,
        created_by: null,
        created_at: at(addDays(dueDate, -7), 8),
        submitted_by: submitter,
        submitted_at: at(addDays(dueDate, 1), 10),
        questionnaire_version: 1,
      });
      let index = 0;
      let position = 0;
      while (index < admission.length) {
        const { question, meta } = admissionRows[index] as DemoQuestion;
        const answer = demoAnswer(question, ADMISSION[index] as QuestionSpec, random);
        rows.answers.push({
          id: demoId('answer', surveyId, question.id),
          survey_id: surveyId,
          question_id: question.id,
          position,
          answer,
          comment: random.chance(0.2) ? 'Resident was happy to tell us more.' : null,
          answer_key: answerKeyOf(question, meta, answer),
        });
        index = nextQuestionIndex(admission, index, answer);
        position += 1;
      }
    }

    // A year of past surveys: residents who have left, most surveys completed.
    const history = new Random(`history/${facility.key}`);
    const dischargeRows = rows.questions
      .filter((row) => row.questionnaire_id === questionnaire('Discharge').id)
      .map((row) => ({ question: questionFromRow(row), meta: parseQuestionMeta(row.meta_json) }));
    const byType = {
      Admission: { rows: admissionRows, specs: ADMISSION },
      Discharge: { rows: dischargeRows, specs: DISCHARGE },
    } as const;
    for (let n = 0; n < HISTORY_SURVEYS; n += 1) {
      const [first, last] = history.uniqueName(RESIDENT_FIRST, RESIDENT_LAST, residentNames);
      const residentId = demoId('resident', facility.key, 'history', String(n));
      const surveyType: ResidentSurveyType = history.chance(0.55) ? 'Admission' : 'Discharge';
      const dueDate = addDays(today, -history.int(3, 365));
      const notCompletable = history.chance(0.1);
      const reason = history.pick(DISCHARGE_REASONS);
      rows.residents.push({
        id: residentId,
        facility_id: fid,
        first_name: first,
        last_name: last,
        client_id: `${facility.code}-H${String(n + 1).padStart(4, '0')}`,
        active: 0,
        discharge_reason: notCompletable ? reason : 'Discharged',
        discharged_at: at(addDays(dueDate, 2), 12),
        admitted_on: addDays(dueDate, surveyType === 'Admission' ? -7 : -60),
        discharged_on: addDays(dueDate, surveyType === 'Admission' ? 30 : 0),
        preferred_language:
          n % SPANISH_EVERY === SPANISH_EVERY - 1 && facility.languages.length > 1 ? 'es' : 'en',
      });
      const surveyId = demoId('survey', facility.key, 'history', String(n));
      const submittedDay = addDays(dueDate, history.int(-2, 6));
      const submittedOn = submittedDay < today ? submittedDay : addDays(today, -1);
      rows.surveys.push({
        id: surveyId,
        facility_id: fid,
        resident_id: residentId,
        survey_type: surveyType,
        survey_set_id: null,
        due_date: dueDate,
        status: notCompletable ? 'not_completable' : 'completed',
        delayed_until: null,
        created_by: null,
        created_at: at(addDays(dueDate, -7), 8),
        submitted_by: notCompletable ? null : submitter,
        submitted_at: notCompletable ? null : at(submittedOn, history.int(9, 17)),
        questionnaire_version: notCompletable ? null : 1,
      });
      if (notCompletable) continue;
      const { rows: questionRows, specs } = byType[surveyType];
      const questions = questionRows.map((entry) => entry.question);
      let index = 0;
      let position = 0;
      while (index < questions.length) {
        const { question, meta } = questionRows[index] as DemoQuestion;
        const answer = historyAnswer(question, specs[index] as QuestionSpec, history);
        rows.answers.push({
          id: demoId('answer', surveyId, question.id),
          survey_id: surveyId,
          question_id: question.id,
          position,
          answer,
          comment: history.chance(0.12) ? history.pick(TEXT_ANSWERS) : null,
          answer_key: answerKeyOf(question, meta, answer),
        });
        index = nextQuestionIndex(questions, index, answer);
        position += 1;
      }
    }

    // Acknowledgements: pending ones for four employees (the first with three), one approved
    // and one denied. Only active employees.
    const active = employees.filter((employee) => employee.active === 1);
    const plan: [employeeIndex: number, status: AcknowledgementStatus][] = [
      [0, 'pending'],
      [0, 'pending'],
      [0, 'pending'],
      [1, 'pending'],
      [3, 'pending'],
      [4, 'pending'],
      [5, 'approved'],
      [6, 'denied'],
    ];
    const manager = userId('manager@carevoice.test');
    plan.forEach(([employeeIndex, status], n) => {
      const surveyId = completed[n % completed.length] as string;
      const survey = rows.surveys.find((row) => row.id === surveyId);
      const reviewed = status !== 'pending';
      rows.acknowledgements.push({
        id: demoId('acknowledgement', facility.key, String(n)),
        survey_id: surveyId,
        employee_id: (active[employeeIndex] as (typeof employees)[number]).id,
        facility_id: fid,
        comment: REVIEWS[n % REVIEWS.length] as string,
        status,
        created_at: survey?.submitted_at ?? at(today, 10),
        reviewed_by: reviewed ? manager : null,
        reviewed_at: reviewed ? at(addDays(today, -2), 15) : null,
      });
    });
  });

  addDemoAlerts(rows, today);
  return rows;
}

/**
 * The alerts the demo answers raised (ADR 023), as a submission would have: one per answer that
 * matches its question's rule. Recent ones are open (the oldest of them acknowledged), older ones
 * resolved by the manager with a note; every facility keeps a few unresolved.
 */
function addDemoAlerts(rows: DemoRows, today: string): void {
  const questions = new Map(rows.questions.map((row) => [row.id, row]));
  const surveys = new Map(rows.surveys.map((row) => [row.id, row]));
  const manager = demoId('user', 'manager@carevoice.test');
  const openSince = addDays(today, -OPEN_ALERT_DAYS);
  const alerts: DemoRows['alerts'] = [];
  for (const answer of rows.answers) {
    const question = questions.get(answer.question_id);
    const survey = surveys.get(answer.survey_id);
    if (!question || !survey?.submitted_at || survey.status !== 'completed') continue;
    const meta = parseQuestionMeta(question.meta_json);
    if (!answerRaisesAlert(question.type, meta, answer.answer ?? null, answer.answer_key ?? null)) {
      continue;
    }
    const raisedAt = survey.submitted_at;
    const open = raisedAt.slice(0, 10) >= openSince;
    alerts.push({
      id: demoId('alert', answer.id),
      facility_id: survey.facility_id,
      survey_id: survey.id,
      answer_id: answer.id,
      question_id: question.id,
      question_key: question.key,
      raised_at: raisedAt,
      status: open ? 'open' : 'resolved',
      acknowledged_by: open ? null : manager,
      acknowledged_at: open ? null : raisedAt,
      resolved_by: open ? null : manager,
      resolved_at: open ? null : raisedAt,
      note: open ? null : 'Spoke with the resident and the care team; followed up the next day.',
    });
  }
  alerts.sort((a, b) => b.raised_at.localeCompare(a.raised_at) || a.id.localeCompare(b.id));
  for (const facilityId of new Set(alerts.map((alert) => alert.facility_id))) {
    const own = alerts.filter((alert) => alert.facility_id === facilityId);
    own.slice(0, MIN_UNRESOLVED_ALERTS).forEach((alert) => {
      if (alert.status !== 'resolved') return;
      Object.assign(alert, {
        status: 'open',
        acknowledged_by: null,
        acknowledged_at: null,
        resolved_by: null,
        resolved_at: null,
        note: null,
      });
    });
    // The oldest open alert of each facility has been acknowledged, not yet resolved.
    const oldestOpen = own.filter((alert) => alert.status === 'open').at(-1);
    if (oldestOpen && own.filter((alert) => alert.status === 'open').length > 2) {
      Object.assign(oldestOpen, {
        status: 'acknowledged',
        acknowledged_by: manager,
        acknowledged_at: oldestOpen.raised_at,
      });
    }
  }
  rows.alerts.push(...alerts);
}

/** Whether the database holds any user (demo data goes only into an empty one). */
async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Seeds the demo data in one transaction when the database has no users yet.
 * Returns whether it seeded. Safe when two instances start at once: the loser finds users.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: DemoSeedOptions,
): Promise<boolean> {
  const rows = buildDemoRows(options);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await hasUsers(trx)) return false;
      for (const table of SEED_TABLES) await insertRows(trx, table, rows[table]);
      return true;
    });
  } catch (error) {
    if (await hasUsers(db)) return false;
    throw error;
  }
}

const CHUNK = 100;

async function insertRows<T extends SeedTable>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** Whether the demo accounts exist (for the start-up banner). */
export async function hasDemoAccounts(db: Kysely<Database>): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'in', emails)
    .executeTakeFirst();
  return row !== undefined;
}
