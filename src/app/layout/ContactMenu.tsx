import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useGetAgencyInfoQuery } from '../../api/agency';
import { SOCIAL_NETWORKS } from '../../../contract/socialNetworks';
import { Menu, MenuExternalLink } from '../../ui/Menu';
import { media } from '../../../web/ui/theme';
import { Icon } from './icons';
import { SocialIcon } from './SocialIcon';

/** The agency's five contact channels (agency info, field social), in a fixed order. */
export function useContactLinks() {
  const info = useGetAgencyInfoQuery();
  const social = info.data?.agency.social;
  if (!social) return [];
  return SOCIAL_NETWORKS.filter((network) => social[network]).map((network) => ({ network, href: social[network] }));
}

const TriggerText = styled.span`
  ${media.tabletDown} {
    display: none;
  }
`;

/** Top bar: contact us, five links each opening in a new tab. */
export function ContactMenu() {
  const { t } = useTranslation('shell');
  const links = useContactLinks();
  return (
    <Menu
      label={t('topBar.contactUs')}
      data-testid="contact-menu"
      trigger={
        <>
          <Icon name="contact" />
          <TriggerText>{t('topBar.contactUs')}</TriggerText>
        </>
      }
    >
      {links.map(({ network, href }) => (
        <MenuExternalLink key={network} href={href}>
          <SocialIcon network={network} />
          {t(`social.${network}`)}
        </MenuExternalLink>
      ))}
    </Menu>
  );
}
