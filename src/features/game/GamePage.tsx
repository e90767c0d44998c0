import { useTranslation } from 'react-i18next';
import type { Provider } from '../../contract/providers';
import { PageBody, PageTitle } from '../../ui/Page';

export default function GamePage({ provider }: { provider?: Provider }) {
  const { t } = useTranslation();
  return (
    <PageBody>
      <PageTitle>
        {t('page.game')} · {provider}
      </PageTitle>
    </PageBody>
  );
}
