import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useGetAgencyInfoQuery } from '../../api/agency';
import { Link } from '../../ui/Link';
import { media } from '../../../web/ui/theme';

const Section = styled.section`
  max-width: 1080px;
  margin: 16px auto 0;
  padding: 0 16px;
  ${media.phone} {
    margin-top: 10px;
    padding: 0 10px;
  }
`;

const Card = styled.div`
  position: relative;
  overflow: hidden;
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 8px 24px;
  padding: 22px 28px;
  border-radius: 16px;
  border: 1px solid rgba(245, 197, 66, 0.35);
  background:
    radial-gradient(circle at 88% 20%, rgba(245, 197, 66, 0.22), transparent 45%),
    linear-gradient(120deg, ${({ theme }) => theme.colors.accent} 0%, #3a0b1f 45%, ${({ theme }) => theme.colors.surface} 100%);
  ${media.phone} {
    grid-template-columns: 1fr;
    padding: 16px;
    gap: 6px;
  }
`;

const BrandLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const BestOnline = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  line-height: 1.35;
  ${media.phone} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const RegisterIn = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
`;

const Texts = styled.div`
  display: grid;
  gap: 4px;
`;

const RegisterNow = styled(Link)`
  justify-self: end;
  min-height: 48px;
  display: inline-flex;
  align-items: center;
  padding: 2px 28px;
  border-radius: 999px;
  background: linear-gradient(180deg, #ffd86b, ${({ theme }) => theme.colors.primary});
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-decoration: none;
  box-shadow: 0 6px 18px rgba(245, 197, 66, 0.3);
  ${media.phone} {
    justify-self: stretch;
    justify-content: center;
    margin-top: 8px;
    min-height: 44px;
  }
`;

/**
 * The header's welcome for visitors: brand line, best online in Laos with the
 * game count, register in N minutes and the register-now button. N and the count are the agency's
 * own settings, served with the agency info.
 */
export function Banner() {
  const { t } = useTranslation('shell');
  const info = useGetAgencyInfoQuery();
  const site = info.data?.agency.site;
  if (!site) return null;
  return (
    <Section aria-label={t('banner.label')} data-testid="banner">
      <Card>
        <Texts>
          <BrandLine>{t('banner.brandLine')}</BrandLine>
          <BestOnline>{t('banner.bestOnline', { games: site.gameCount })}</BestOnline>
          <RegisterIn>{t('banner.registerIn', { minutes: site.signUpMinutes })}</RegisterIn>
        </Texts>
        <RegisterNow href="/register">{t('banner.registerNow')}</RegisterNow>
      </Card>
    </Section>
  );
}
