import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useGetPlayerInfoQuery } from '../../api/players';
import { Card, CardTitle } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { Notice } from '../../../web/ui/Notice';
import { PageBody, PageTitle } from '../../ui/Page';
import { RealityCheckSetting } from './RealityCheckSetting';

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(320px, 100%), 1fr));
  margin-bottom: 16px;
  section {
    margin: 0;
    max-width: none;
  }
  p {
    margin: 0 0 12px;
    overflow-wrap: anywhere;
  }
`;

/** The protections the site offers, each with its page; the reality check is set here. */
const TOOLS = [
  { key: 'limits', href: '/player/limits' },
  { key: 'break', href: '/player/break' },
  { key: 'statement', href: '/player/statement' },
] as const;

/**
 * /responsible-play, for visitors and players alike: 18+ only, what protects a player (deposit
 * limits, breaks and self-exclusion, the reality check, the activity statement) and where to get help.
 */
export default function ResponsiblePlayPage() {
  const { t } = useTranslation('responsiblePlay');
  // A visitor's 401 here is an answer, not a lost session.
  const { data: player } = useGetPlayerInfoQuery();
  return (
    <PageBody>
      <PageTitle>{t('page.title')}</PageTitle>
      <p>{t('page.intro')}</p>
      <Notice $tone="warning" data-testid="adults-only">
        {t('page.adults')}
      </Notice>
      <Cards>
        {TOOLS.map(({ key, href }) => (
          <Card key={key} aria-labelledby={`tool-${key}`}>
            <CardTitle id={`tool-${key}`}>{t(`page.${key}.title`)}</CardTitle>
            <p>{t(`page.${key}.text`)}</p>
            <Link href={href}>{t(`page.${key}.link`)}</Link>
          </Card>
        ))}
        <Card aria-labelledby="tool-reality-check" data-testid="reality-check-card">
          <CardTitle id="tool-reality-check">{t('page.realityCheck.title')}</CardTitle>
          <p>{t('page.realityCheck.text')}</p>
          {player ? <RealityCheckSetting /> : <Link href="/login">{t('page.realityCheck.login')}</Link>}
        </Card>
        <Card aria-labelledby="tool-help">
          <CardTitle id="tool-help">{t('page.help.title')}</CardTitle>
          <p>{t('page.help.text')}</p>
          <p>{t('page.help.signs')}</p>
        </Card>
      </Cards>
    </PageBody>
  );
}
