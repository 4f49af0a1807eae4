/**
 * Every text of the back office (DESIGN §8): the screens' words and the server's messages, one
 * section per area. Like messages.ts, texts say what happened and what to do.
 */
export const ADMIN_TEXT = {
  common: {
    heading: 'Administration',
    backHome: 'Home',
    noAccess: 'You do not have the Administration permission.',
    overviewIntro: 'Set up your facilities: people, residents, employees and surveys.',
    loading: 'Loading',
    loadFailed: 'This list could not be loaded. Check the connection and try again.',
    retry: 'Try again',
    loadMore: 'Show more',
    save: 'Save',
    saving: 'Saving',
    saved: 'Saved.',
    cancel: 'Cancel',
    search: 'Search',
    facility: 'Facility',
    selectFacility: 'Choose a facility',
    noFacilities: 'You do not administer any facility yet.',
  },
  nav: {
    users: 'Users',
    facilities: 'Facilities',
    residents: 'Residents',
    employees: 'Employees',
    surveySets: 'Survey sets',
    audit: 'Audit log',
  },
  sectionDescriptions: {
    users: 'Invite colleagues, choose what they may do, deactivate accounts.',
    facilities: 'Create facilities and set when surveys are due.',
    residents: 'The census: admissions and discharges schedule the surveys.',
    employees: 'The staff residents can acknowledge, by department and position.',
    surveySets: 'Additional survey sets and the facilities that offer them.',
    audit: 'Every change and sign-in, who made it and when.',
  },
  users: {},
  facilities: {},
  census: {},
  surveySets: {},
  audit: {},
} as const;
