import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { seedSharedTask, sharedTaskInPage } from './features/task-share/api/shared-task-in-page.ts';
import { markSessionStart } from './lib/storage.ts';
import './styles/index.css';

markSessionStart();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A share page the server painted (docs/decisions/097-share-page-painted-on-the-server.md) is taken over
// as it is, with what the server found; every other page is drawn.
const paintedShare = sharedTaskInPage();
if (paintedShare) {
  seedSharedTask(queryClient, paintedShare);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
