import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function PlayerHomePage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.player')}</PageTitle>
    </PageBody>
  );
}
