import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.login')}</PageTitle>
    </PageBody>
  );
}
