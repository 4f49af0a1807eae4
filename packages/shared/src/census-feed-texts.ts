/**
 * Texts of the census feed (issue 36, ADR 050): the errors an HL7 acknowledgement carries and
 * the back office shows with the message, and the server's refusals of the feed calls. No text
 * ever holds a value of the message (a name, an MRN): the error is stored and logged as it is.
 */
export const FEED_TEXT = {
  // Refused (AR): nothing stored, nothing applied
  unknownSendingFacility:
    'No facility maps this sending facility (MSH-4). Add its code to the facility’s census feed in the back office, then send the message again.',
  ambiguousUnit:
    'Several facilities map this sending facility (MSH-4) and none, or more than one, maps the unit in PV1-3. Map the unit to one facility, then send the message again.',
  // Errors (AE): stored with the message, shown in the back office
  mrnMissing: 'PID-3 holds no patient identifier (MRN).',
  nameMissing: 'PID-5 holds no family and given name.',
  dateMissing: (field: string) => `${field} is not a date (YYYYMMDD[HHMM[SS]][±ZZZZ]).`,
  dischargeBeforeAdmission: 'The discharge date cannot be before the admission date.',
  mergeSourceMissing: 'MRG-1 holds no prior patient identifier (MRN) to merge.',
  mergeBothExist:
    'Both patient records of this merge exist in the census. Combine them in the back office (discharge one), then apply this message again.',
  changedMeanwhile: 'The resident changed while this message was applied. Apply it again.',
  notStored: 'The message could not be stored. Nothing was applied: send it again.',
  // Held: stored, applied when the patient's earlier message arrives (or again by hand)
  heldNoResident:
    'No resident of this facility has this MRN yet: held until the admission (A01/A04) arrives.',
  // The feed calls
  messageNotFound: 'This feed message does not exist.',
  alreadyApplied: 'This message is already applied.',
  codeTooLong: 'A code is at most 40 characters.',
} as const;
