import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_NAMESPACE } from '../i18n';
import { RegisterForm } from '../features/auth/components/forms/register-form';
import { followLoginRedirect } from '../features/auth/hooks/use-finish-sign-in';
import { authPagePath } from '../features/auth/auth-paths';
import { AuthPageFrame } from './auth-page-frame';

/** /register (spec §2): keeps the query string when switching to /login; after success the redirect rules apply. */
export function RegisterPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const loginPath = authPagePath('login', location);
  return (
    <AuthPageFrame title={t('pages.registerTitle')} testId="register-page">
      <RegisterForm onRegistered={() => followLoginRedirect(query.get('redirect'))} onLogin={() => navigate(loginPath)} />
    </AuthPageFrame>
  );
}
