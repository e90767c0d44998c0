import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.register')}</PageTitle>
    </PageBody>
  );
}
