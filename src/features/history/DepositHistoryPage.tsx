import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function DepositHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.depositHistory')}</PageTitle>
    </PageBody>
  );
}
