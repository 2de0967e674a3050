// The page boots in two halves loaded side by side: the app's code and the engine, which the
// form asks every rule of (checks, shape, catalogue) and so must be there before the form is
// drawn. Until both are, index.html's own header and a line saying what is loading show.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadEngine } from './engine/engine';
import './styles.css';

const root = document.getElementById('root')!;

Promise.all([import('./app/App'), loadEngine()]).then(
  ([{ App }]) =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (e: unknown) => {
    const status = document.getElementById('boot-status');
    if (status) {
      status.textContent = `The engine could not load: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
      status.setAttribute('role', 'alert');
    }
  },
);
