import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.withdraw')}</PageTitle>
    </PageBody>
  );
}
