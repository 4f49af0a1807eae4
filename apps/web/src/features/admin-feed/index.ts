/**
 * What the app may use of `admin-feed` (the census feed from the EHR, DESIGN §9, issue 36): its
 * screen, shown inside the admin frame.
 */
export { FeedScreen } from './components/feed-screen';
