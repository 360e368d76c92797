// Entry point of the window (Electron over app://, or a browser in headless mode).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { takeToken } from './api/access-token.ts';
import { startFirstReads } from './app/first-reads.ts';
import './styles.css';

// Before anything asks the service: the printed address (or the sign-in form's answer) carries the access token once.
takeToken();
// Then the status and the shown account's dashboard, asked while React draws the shell.
startFirstReads();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
