import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES, LANGUAGE_TAGS, TOP_BAR_LANGUAGES, isLanguage } from '../../../contract/languages';
import { Menu, MenuItem } from '../../ui/Menu';
import { media } from '../../../web/ui/theme';
import { Icon } from './icons';

const Current = styled.span`
  white-space: nowrap;
  ${media.phone} {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const ChevronWrap = styled.span`
  display: inline-flex;
  ${media.phone} {
    display: none;
  }
`;

/** Top bar language dropdown: lo, cn, vn (th is offered in the drawer); the trigger shows the current language's short name. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  const current = isLanguage(i18n.language) ? i18n.language : 'lo';
  return (
    <Menu
      label={`${t('topBar.language')}: ${LANGUAGE_NAMES[current]}`}
      data-testid="language-menu"
      trigger={
        <>
          <Icon name="language" size={20} />
          <Current lang={LANGUAGE_TAGS[current]}>{LANGUAGE_SHORT_NAMES[current]}</Current>
          <ChevronWrap>
            <Icon name="chevronDown" size={16} />
          </ChevronWrap>
        </>
      }
    >
      {TOP_BAR_LANGUAGES.map((language) => (
        <MenuItem key={language} checked={language === current} onSelect={() => void i18n.changeLanguage(language)}>
          <span lang={LANGUAGE_TAGS[language]}>{LANGUAGE_NAMES[language]}</span>
        </MenuItem>
      ))}
    </Menu>
  );
}
