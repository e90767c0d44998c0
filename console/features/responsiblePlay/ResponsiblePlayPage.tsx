import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { displayMoney } from '../../../contract/format';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetResponsiblePlayQuery } from '../../api/responsiblePlay';
import { ResponsiblePlayForm } from './ResponsiblePlayForm';

const Section = styled.section`
  max-width: 720px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

/**
 * Responsible play (owners): the licence notice the players' footer shows in each site language,
 * the reality check's interval for players who have not chosen one, and the most any player's
 * deposit limit may be. One save, one reason, one audit entry.
 */
export function ResponsiblePlayPage() {
  const { t } = useTranslation();
  const settings = useGetResponsiblePlayQuery();
  if (settings.isError) return <Notice $tone="danger">{t('responsiblePlay.loadFailed')}</Notice>;
  if (!settings.data) return <Spinner />;
  const { depositLimitMaxKip } = settings.data;
  return (
    <>
      <h1>{t('responsiblePlay.heading')}</h1>
      <Section aria-labelledby="responsible-play-current">
        <h2 id="responsible-play-current">{t('responsiblePlay.current')}</h2>
        <p data-testid="deposit-limit-max">
          {depositLimitMaxKip === undefined
            ? t('responsiblePlay.noCap')
            : t('responsiblePlay.cap', { amount: displayMoney(String(depositLimitMaxKip), 'LAK') })}
        </p>
        <ResponsiblePlayForm settings={settings.data} />
      </Section>
    </>
  );
}
