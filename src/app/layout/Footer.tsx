import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useGetAgencyInfoQuery } from '../../api/agency';
import { useGetPromotionsQuery } from '../../api/promotions';
import { BANKS, BANK_BADGE_SIZE, type Bank } from '../../../contract/banks';
import { useLanguage } from '../../i18n/useLanguage';
import { laidOutWhenNear } from '../../ui/laidOutWhenNear';
import { useNearScreen } from '../../ui/useNearScreen';
import { Link } from '../../ui/Link';
import { Logo } from '../../../web/ui/Logo';
import { media } from '../../../web/ui/theme';

const GAME_CATEGORIES = ['card', 'slot', 'fishShooting', 'roulette', 'others'] as const;
const INFO_LINKS = ['service', 'aboutUs', 'howToPlay'] as const;

const Wrapper = styled.footer`
  ${laidOutWhenNear(680)}
  margin-top: 40px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  ${media.phone} {
    /* room for the bottom app bar */
    padding-bottom: 72px;
  }
`;

const Columns = styled.div`
  max-width: 1080px;
  margin: 0 auto;
  padding: 32px 16px 24px;
  display: grid;
  gap: 32px;
  grid-template-columns: 1.3fr 1fr 1.2fr 1.3fr;
  ${media.tabletDown} {
    grid-template-columns: 1fr;
    gap: 24px;
    padding: 24px 16px 16px;
    text-align: center;
  }
`;

const Column = styled.section``;

const BrandRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  ${media.tabletDown} {
    justify-content: center;
  }
`;

const Heading = styled.h2`
  margin: 0 0 12px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  letter-spacing: 0.04em;
`;

const Plain = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  ${media.tabletDown} {
    justify-content: center;
  }
  li {
    padding: 4px 12px;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Banks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  ${media.tabletDown} {
    max-width: 360px;
    margin: 0 auto;
  }
`;

/** A bank's badge: its place kept at the picture's shape, and its name for screen readers before the picture is drawn. */
const Badge = styled.span`
  display: block;
  aspect-ratio: ${BANK_BADGE_SIZE.width} / ${BANK_BADGE_SIZE.height};
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

/** A bank's badge, drawn once it comes near the screen: the footer's six pictures are not the first screen's work. */
function BankBadge({ bank, label }: { bank: Bank; label: string }) {
  const [badgeRef, near] = useNearScreen<HTMLSpanElement>();
  return (
    <Badge ref={badgeRef} role="img" aria-label={label}>
      {near && <img src={bank.logo} alt="" {...BANK_BADGE_SIZE} decoding="async" />}
    </Badge>
  );
}

const Bottom = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const BottomInner = styled.div`
  max-width: 1080px;
  margin: 0 auto;
  padding: 14px 16px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  ${media.tabletDown} {
    flex-direction: column;
    text-align: center;
  }
`;

const InfoLinks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 4px 20px;
  flex-wrap: wrap;
  justify-content: center;
  a {
    display: inline-block;
    padding: 8px 0;
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Small = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The agency's licence and jurisdiction notice, as the operator wrote it (line breaks kept). */
const LicenceNotice = styled.p`
  max-width: 1080px;
  margin: 0 auto;
  padding: 12px 16px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-line;
  overflow-wrap: anywhere;
  ${media.tabletDown} {
    text-align: center;
  }
`;

/** The service, about-us and how-to-play links have no real target yet. */
const stay = (event: MouseEvent) => event.preventDefault();

/**
 * The footer: brand, game categories, the agency's promotions, the six bank badges
 * and the service, about-us and how-to-play links. Wide (four columns) above 768 px, narrow
 * (one centred column) at 768 px or below.
 */
export function Footer() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  // The agency's live promotions, never made-up ones: none listed while the list is loading or failed.
  const { data: promotions } = useGetPromotionsQuery();
  const notice = useGetAgencyInfoQuery().data?.agency.notice[language];
  return (
    <Wrapper data-testid="footer">
      <Columns>
        <Column aria-label={tc('brand')} data-testid="footer-brand">
          <BrandRow>
            <Logo size={40} />
            {tc('brand')}
          </BrandRow>
          <p>{t('banner.brandLine')}</p>
          <p>{t('footer.tagline')}</p>
        </Column>
        <Column aria-labelledby="footer-games" data-testid="footer-games">
          <Heading id="footer-games">{t('footer.gameCategories')}</Heading>
          <Chips>
            {GAME_CATEGORIES.map((category) => (
              <li key={category}>{t(`footer.categories.${category}`)}</li>
            ))}
          </Chips>
        </Column>
        <Column aria-labelledby="footer-promotions" data-testid="footer-promotions">
          <Heading id="footer-promotions">{t('footer.promotions')}</Heading>
          <Plain>
            {(promotions ?? []).map((promotion) => (
              <li key={promotion.id}>
                <Link href={`/player/promotion/${encodeURIComponent(promotion.id)}`}>{promotion.name[language]}</Link>
              </li>
            ))}
          </Plain>
        </Column>
        <Column aria-labelledby="footer-banks" data-testid="footer-banks">
          <Heading id="footer-banks">{t('footer.banks')}</Heading>
          <Banks>
            {BANKS.map((bank) => (
              <li key={bank.code}>
                <BankBadge bank={bank} label={t('footer.bankLogo', { bank: bank.shortName })} />
              </li>
            ))}
          </Banks>
        </Column>
      </Columns>
      <Bottom>
        <BottomInner>
          <nav aria-label={t('footer.info')}>
            <InfoLinks>
              <li>
                <Link href="/responsible-play">{t('footer.responsiblePlay')}</Link>
              </li>
              {INFO_LINKS.map((link) => (
                <li key={link}>
                  <a href="#" onClick={stay}>
                    {t(`footer.${link}`)}
                  </a>
                </li>
              ))}
            </InfoLinks>
          </nav>
          <Small>{t('footer.copyright', { year: new Date().getFullYear() })}</Small>
        </BottomInner>
        {notice && <LicenceNotice data-testid="licence-notice">{notice}</LicenceNotice>}
      </Bottom>
    </Wrapper>
  );
}
