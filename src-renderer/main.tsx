// Entry point of the window (Electron over app://, or a browser in headless mode).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(<StrictMode><App /></StrictMode>);
