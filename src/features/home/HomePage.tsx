import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.home')}</PageTitle>
    </PageBody>
  );
}
