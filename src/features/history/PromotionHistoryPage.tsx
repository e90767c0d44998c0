import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function PromotionHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.promotionHistory')}</PageTitle>
    </PageBody>
  );
}
