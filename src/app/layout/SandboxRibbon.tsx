import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useGetAgencyQuery } from '../../api/agency';

const Ribbon = styled.p`
  margin: 0;
  padding: 4px 12px;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  color: #1a1300;
  background: repeating-linear-gradient(-45deg, #ffd166 0 14px, #f4b942 14px 28px);
`;

/**
 * Issue 19: while this site plays the bank or a game provider itself, every page says so, so that
 * nobody takes it for a live site and nobody pays real money into it.
 */
export function SandboxRibbon() {
  const { t } = useTranslation('shell');
  const sandbox = useGetAgencyQuery().data?.sandbox;
  if (!sandbox) return null;
  return (
    <Ribbon role="note" data-testid="sandbox-ribbon">
      {t('sandboxRibbon')}
    </Ribbon>
  );
}
