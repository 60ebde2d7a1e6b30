import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from '@/app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

const root = createRoot(container);
// The first render as a transition: React builds the page in slices of a few milliseconds and lets the browser
// run in between, instead of one long task that blocks the main thread (Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
