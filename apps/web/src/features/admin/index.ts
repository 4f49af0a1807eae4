/**
 * What other features and the app may use of `admin` (the back office's frame): each admin
 * section is a feature of its own (`admin-users`, `admin-facilities`, …) shown inside this frame.
 */
export { AdminFrame } from './components/admin-frame';
export { AdminOverview } from './components/admin-overview';
