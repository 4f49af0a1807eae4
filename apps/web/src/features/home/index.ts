/**
 * What other features may use of `home` (the lint rule in eslint.config.js lets a feature import
 * another only through its index.ts): the signed-in user's permissions and facilities, which the
 * due list and the acknowledgement list offer as their facility choice.
 */
export { useFacilityPermissions } from './api/get-facility-permissions';
