import { createRoot } from 'react-dom/client';
import { AppProviders } from '@portal/providers';
import { registerAuthMessages } from './i18n';
import { AuthPlaygroundPage } from './pages/auth-playground-page';
import './styles/auth.css';

// Standalone development mount (http://127.0.0.1:3001). In the portal the shell renders the exposed
// components and this file never runs.
registerAuthMessages();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <AppProviders>
    <AuthPlaygroundPage />
  </AppProviders>,
);
