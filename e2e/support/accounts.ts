/** The demo accounts of DESIGN §7 and the tiles each must see. */
export const DEMO_PASSWORD = 'carevoice-demo';

export const ALL_SERVICE_TILES = [
  'Managed Care Updates',
  'Patient Surveys',
  'Incentive Acknowledgement',
  'Social Work',
] as const;

export const DEMO_ACCOUNTS = [
  { email: 'staff@carevoice.test', tiles: ['Patient Surveys'], facilities: 2 },
  { email: 'manager@carevoice.test', tiles: [...ALL_SERVICE_TILES], facilities: 3 },
  { email: 'admin@carevoice.test', tiles: [...ALL_SERVICE_TILES], facilities: 3 },
  {
    email: 'preview@carevoice.test',
    tiles: ['Patient Surveys', 'Lorem ipsum', 'Dolor sit amet'],
    facilities: 1,
  },
] as const;

/** Made by start-server.ts with the create-user command; only the reset test signs in with it. */
export const RESET_USER = {
  email: 'reset-tester@carevoice.test',
  name: 'Reset Tester',
  password: 'first-password-1',
} as const;
