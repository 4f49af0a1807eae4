/**
 * What the app may use of `results` (Survey Results and the alerts inbox): the frame its layout
 * draws around each screen. The screens are the routes' (app/routes/results*.tsx).
 */
export { ResultsFrame } from './components/results-frame';
