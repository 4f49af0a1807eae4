/**
 * Texts of the back office's census feed screen (issue 36, ADR 055), apart from the feed's
 * messages (census-feed-texts.ts) that the contract carries to every page: only the feed
 * screen's chunk holds these.
 */
export const FEED_SCREEN_TEXT = {
  heading: 'Census feed',
  intro:
    'Admissions, transfers and discharges your EHR sends over HL7 v2 keep this facility’s census. See whether the feed is connected, what arrived and what could not be applied.',
  // Connection status
  statusHeading: 'Connection',
  listening: 'Listening for HL7 messages',
  notListening: 'The HL7 listener is configured but not listening',
  notConfigured: 'No HL7 listener: set HL7_PORT and HL7_ALLOWED_SENDERS on the server',
  connections: (count: number) =>
    count === 1 ? '1 sender connected' : `${count} senders connected`,
  lastReceived: 'Last message received',
  noMessageYet: 'No message received yet',
  refresh: 'Refresh',
  loadFailed: 'The census feed could not be loaded. Check the connection and try again.',
  // Messages per hour
  perHourHeading: 'Messages per hour, last 24 hours',
  perHourSummary: (total: number, applied: number, held: number, errors: number) =>
    `${total === 1 ? '1 message' : `${total} messages`} in the last 24 hours: ${applied} applied, ${held} held, ${errors === 1 ? '1 error' : `${errors} errors`}.`,
  perHourBar: (hour: string, applied: number, held: number, errors: number) =>
    `${hour}: ${applied} applied, ${held} held, ${errors === 1 ? '1 error' : `${errors} errors`}`,
  // Codes
  codesHeading: 'Codes that route messages here',
  sendingFacilityCodes: 'Sending facility codes (MSH-4)',
  sendingFacilityCodesHelp:
    'The codes your EHR or interface engine sends as the sending facility. Press Enter after each.',
  unitCodes: 'Unit codes (PV1-3)',
  unitCodesHelp:
    'Only needed when several facilities share a sending facility code: the units (points of care) that are this facility’s.',
  noCodes: 'None',
  editCodes: 'Edit codes',
  editCodesTitle: 'Census feed codes',
  codesSaved: 'Census feed codes saved.',
  codesConflict:
    'Someone else changed these codes meanwhile. The current codes are shown: make your change again.',
  // Messages
  messagesHeading: 'Messages',
  messagesTable: 'Census feed messages',
  statusFilter: 'Outcome',
  all: 'All',
  applied: 'Applied',
  held: 'Held',
  error: 'Error',
  received: 'Received',
  event: 'Event',
  controlId: 'Control ID (MSH-10)',
  outcome: 'Outcome',
  detail: 'Detail',
  actions: 'Actions',
  noMessages: 'No message has arrived for this facility yet.',
  noMatching: 'No message has this outcome.',
  clearFilter: 'Show all',
  loadingMessages: 'Loading messages',
  // Raw message
  viewRaw: 'View message',
  viewRawNamed: (controlId: string) => `View message ${controlId}`,
  rawTitle: (event: string, controlId: string) => `Message ${event} ${controlId}`,
  rawNotice:
    'This message holds personal health information. Viewing it is recorded in the audit log.',
  rawLabel: 'The message as received, one segment per line',
  rawLoading: 'Loading the message',
  rawFailed: 'The message could not be loaded.',
  // Apply again
  applyAgain: 'Apply again',
  applyAgainNamed: (controlId: string) => `Apply message ${controlId} again`,
  applyAgainTitle: 'Apply this message again?',
  applyAgainMessage:
    'The message is applied to the census as if it had just arrived, with the codes and residents as they are now.',
  appliedToast: 'The message was applied.',
  stillHeldToast: 'The message is still held: its patient is not in the census yet.',
  stillErrorToast: (error: string) => `The message still cannot be applied: ${error}`,
} as const;
