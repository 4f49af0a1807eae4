/**
 * What other features may use of `account` (My account, DESIGN §8): the card every section of
 * the page is drawn in (another feature adds its card with it), and the account query (the back
 * office asks whether a second factor is still required). The screen itself is composed by
 * app/routes/account.tsx; keeping it out of here keeps it out of other features' chunks.
 */
export { AccountCard } from './components/account-card';
export { useAccount } from './api/get-account';
