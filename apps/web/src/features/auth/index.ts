/**
 * What other features may use of `auth` (the lint rule in eslint.config.js lets a feature import
 * another only through its index.ts). Keep it to what they need: a screen's chunk carries what it
 * imports from here.
 */
export { SessionProvider, useSession } from './hooks/use-session';
