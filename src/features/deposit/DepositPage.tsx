import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function DepositPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.deposit')}</PageTitle>
    </PageBody>
  );
}
