import { useTranslation } from 'react-i18next';
import { PageBody, PageTitle } from '../../ui/Page';

export default function BankPage() {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>{t('page.bank')}</PageTitle>
    </PageBody>
  );
}
