/**
 * The entry of the self-serve survey page (public-survey.html, ADR 063): its own small bundle
 * (Preact through preact/compat, vite.public.config.ts), none of the staff app. The link's token
 * is the path's last segment; it goes to the page's own API calls and nowhere else.
 */
import { createRoot } from 'react-dom/client';
import { SurveyPage } from './survey-page';
import './public-survey.css';

/** `/s/{token}`, with or without a trailing slash; anything else has no token. */
function tokenOf(pathname: string): string {
  return /^\/s\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';
}

const root = document.getElementById('root');
if (root) {
  document.getElementById('boot')?.remove();
  createRoot(root).render(<SurveyPage token={tokenOf(window.location.pathname)} />);
}
