import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function PromotionDetailPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.promotionDetail')}</PageTitle>
    </PageBody>
  );
}
