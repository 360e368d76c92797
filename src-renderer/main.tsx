// Entry point of the window (Electron over app://, or a browser in headless mode).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { takeToken } from './api/access-token.ts';
import { askStatusEarly } from './data/queries.ts';
import './styles.css';

// Before anything asks the service: the printed address (or the sign-in form's answer) carries the access token once.
takeToken();
askStatusEarly();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
