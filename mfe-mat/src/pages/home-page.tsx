import { useTranslation } from 'react-i18next';
import { LibraryHome } from '@portal/library-ui';
import { I18N_NAMESPACE } from '../i18n';

/** /mat: the library home with its category catalogue. */
export function HomePage() {
  const { t } = useTranslation(I18N_NAMESPACE);
  return <LibraryHome library="mat" description={t('home.description')} />;
}
