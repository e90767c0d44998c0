import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function WithdrawHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.withdrawHistory')}</PageTitle>
    </PageBody>
  );
}
