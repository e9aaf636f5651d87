import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { isFirstVisit } from './app/signed-out.tsx';
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
// A page that arrived painted (home and the docs at build, docs/decisions/062-painted-first-views.md; a share
// page by the server, 097-share-page-painted-on-the-server.md) is taken over as it is, rather than drawn again
// (098-hydrated-first-views.md): the share page with what the server found. The home page was painted for a
// first visit: anyone else's is drawn. Every other page arrives empty and is drawn.
const paintedShare = sharedTaskInPage();
if (paintedShare) seedSharedTask(queryClient, paintedShare);
const painted = root.hasChildNodes() && (window.location.pathname !== '/' || isFirstVisit());
if (painted) hydrateRoot(root, app);
else createRoot(root).render(app);
