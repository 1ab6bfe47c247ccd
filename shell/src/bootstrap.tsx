import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPortalConfig } from './app/config/portal-config';
import { initFederation } from './app/federation/federation';
import { registerLibraryApplications } from './app/federation/library-apps';
import { startShell } from './app/start-up';
import { startUpFetch } from './app/start-up-fetch';
import { registerShellMessages } from './i18n';
import './styles/shell.css';

async function bootstrap(): Promise<void> {
  registerShellMessages();
  // The remote map and the deploy-time config are read before anything renders (requested by the entry,
  // index.ts); failures are kept (per remote fallback, default config) and never stop the shell.
  await Promise.all([initFederation(), loadPortalConfig(startUpFetch)]);
  startShell();
  registerLibraryApplications();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // single-spa starts from the LibraryOutlet once #library-root exists (see library-apps.ts).
  createRoot(container).render(<App />);
}

void bootstrap();
