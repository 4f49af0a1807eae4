/**
 * Every cached acknowledgement list (GET acknowledgement-employee-list/{facilityId}/ and the
 * recognition review lists) starts with this key, so one invalidation refreshes them.
 */
export const ACKNOWLEDGEMENTS_QUERY_KEY = 'acknowledgements';
