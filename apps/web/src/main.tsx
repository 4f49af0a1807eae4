import './app/mantine-styles.css';
import './app/print.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { App, createApp } from './app/app';

// Zod probes once whether it may compile parsers with `new Function`; the server's CSP
// (script-src 'self') refuses that, and the browser reports the refused probe as a violation.
// Say up front that it may not, so it validates without trying.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Running this module (React, the router, Mantine: some 400 kB of script) is one long task on a
// slow tablet. What follows gets tasks of its own instead of lengthening it: the router's start
// (matching the URL, starting the screen's code and calls) in the next one, and the first render
// as a transition, which React renders in slices of a few milliseconds, yielding to the browser
// between them.
setTimeout(() => {
  const app = createApp();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App {...app} />
      </StrictMode>,
    );
  });
}, 0);
