import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.promotion')}</PageTitle>
    </PageBody>
  );
}
