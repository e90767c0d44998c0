import { Fragment, useRef } from 'react';
import styled, { css } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAGS, isLanguage } from '../../../contract/languages';
import { Link } from '../../ui/Link';
import { Logo } from '../../../web/ui/Logo';
import { IconButton, iconButtonStyle } from '../../ui/IconButton';
import { useFocusTrap } from '../../../web/ui/useFocusTrap';
import { useSwipeLeft } from '../../ui/useSwipeLeft';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { PLAYER_DRAWER_GROUPS, VISITOR_DRAWER_ENTRIES, isEntryActive, type DrawerEntry } from './drawerEntries';
import { Icon } from './icons';
import type { ShellSession } from './session';

export const DRAWER_WIDTH = 393;

const Backdrop = styled.div<{ $open: boolean }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(0, 0, 0, 0.6);
  opacity: ${({ $open }) => ($open ? 1 : 0)};
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  transition:
    opacity 0.2s ease,
    visibility 0s linear ${({ $open }) => ($open ? '0s' : '0.2s')};
`;

const Panel = styled.div<{ $open: boolean }>`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: 1001;
  /* On a phone a strip of the page stays in view: tapping it closes the drawer. */
  width: min(${DRAWER_WIDTH}px, calc(100vw - 56px));
  /* Vertical scrolling stays the browser's; a sideways swipe is the drawer's (useSwipeLeft). */
  touch-action: pan-y;
  overflow-y: auto;
  overscroll-behavior: contain;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 12px 0 32px rgba(0, 0, 0, 0.5);
  transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  /* Visible at once when opening (so focus can move in), hidden only after sliding out. */
  transition:
    transform 0.25s ease,
    visibility 0s linear ${({ $open }) => ($open ? '0s' : '0.25s')};
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/** The close button is hidden until a keyboard user reaches it. */
const CloseButton = styled.button`
  ${visuallyHidden}
  &:focus-visible {
    ${iconButtonStyle}
    position: absolute;
    top: 12px;
    right: 12px;
    clip: auto;
    margin: 0;
  }
`;

/** The close control a thumb can find: 44 px, for pointers; keyboards and screen readers use the hidden one. */
const VisibleCloseButton = styled(IconButton)`
  margin-left: auto;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 18px 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(120deg, ${({ theme }) => theme.colors.accent}, ${({ theme }) => theme.colors.surface} 80%);
`;

const BrandName = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Greeting = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 400;
`;

const Section = styled.div`
  padding: 12px;
`;

const GroupHeading = styled.h2`
  margin: 8px 12px 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`;

const Divider = styled.hr`
  margin: 8px 12px;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const entryStyle = css`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 46px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const EntryLink = styled(Link)`
  ${entryStyle}
  border-left: 3px solid transparent;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[aria-current='page'] {
    background: rgba(245, 197, 66, 0.12);
    border-left-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

const EntryLabel = styled.div<{ $active: boolean }>`
  ${entryStyle}
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.text)};
  font-weight: ${({ $active }) => ($active ? 700 : 400)};
`;

const Children = styled(List)`
  margin-left: 24px;
  padding-left: 8px;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
`;

const Hint = styled.p`
  margin: 4px 12px 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RegisterButton = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 46px;
  margin: 8px 12px 0;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  text-decoration: none;
`;

const Languages = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 6px;
  margin: 0 12px;
`;

const LanguageButton = styled.button`
  min-height: 40px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

const Bottom = styled.div`
  margin-top: auto;
  padding: 12px 0 24px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

interface DrawerProps {
  open: boolean;
  session: ShellSession;
  currentPath: string;
  onClose: () => void;
  /** Any entry was chosen: the drawer closes. */
  onChooseEntry: () => void;
}

function Entry({ entry, currentPath, onChoose }: { entry: DrawerEntry; currentPath: string; onChoose: () => void }) {
  const { t } = useTranslation('shell');
  const active = isEntryActive(entry, currentPath);
  if (entry.href === undefined) {
    return (
      <li>
        <EntryLabel $active={active} data-active={active}>
          <Icon name={entry.icon} />
          {t(entry.key)}
        </EntryLabel>
        <Children>
          {entry.children?.map((child) => (
            <Entry key={child.key} entry={child} currentPath={currentPath} onChoose={onChoose} />
          ))}
        </Children>
      </li>
    );
  }
  return (
    <li>
      <EntryLink href={entry.href} aria-current={active ? 'page' : undefined} data-active={active} onClick={onChoose}>
        <Icon name={entry.icon} />
        {t(entry.key)}
      </EntryLink>
    </li>
  );
}

/** The drawer's foot: all four languages, th included (the top bar offers three). */
function DrawerLanguages() {
  const { t, i18n } = useTranslation('shell');
  const current = isLanguage(i18n.language) ? i18n.language : undefined;
  return (
    <Bottom>
      <GroupHeading id="drawer-language">{t('drawer.language')}</GroupHeading>
      <Languages role="group" aria-labelledby="drawer-language">
        {LANGUAGES.map((language) => (
          <LanguageButton
            key={language}
            type="button"
            lang={LANGUAGE_TAGS[language]}
            aria-pressed={language === current}
            onClick={() => void i18n.changeLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </LanguageButton>
        ))}
      </Languages>
    </Bottom>
  );
}

/**
 * The left drawer, 393 px wide (less on a phone, so the backdrop stays in
 * reach). Visitors get the login link and the register button; players the games and, after a
 * divider, their money and account pages. Focus stays inside while it is open and returns to the
 * opener; Escape, the backdrop, a left swipe, the visible close button and the hidden one close it.
 */
export function Drawer({ open, session, currentPath, onClose, onChooseEntry }: DrawerProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose);
  useSwipeLeft(panel, open, onClose);
  return (
    <>
      <Backdrop $open={open} onClick={onClose} data-testid="drawer-backdrop" />
      <Panel
        ref={panel}
        id="shell-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={t('drawer.label')}
        aria-hidden={!open}
        tabIndex={-1}
        $open={open}
        data-testid="drawer"
        data-state={open ? 'open' : 'closed'}
      >
        <CloseButton type="button" aria-label={t('drawer.close')} onClick={onClose}>
          <Icon name="close" />
        </CloseButton>
        <Top>
          <Logo size={40} />
          <BrandName>
            {tc('brand')}
            {session.status === 'loggedIn' && <Greeting>{session.displayName}</Greeting>}
          </BrandName>
          <VisibleCloseButton aria-hidden="true" tabIndex={-1} onClick={onClose} data-testid="drawer-close">
            <Icon name="close" />
          </VisibleCloseButton>
        </Top>

        {session.status === 'loggedOut' && (
          <Section data-testid="drawer-visitor">
            <Hint>{t('drawer.visitorHint')}</Hint>
            <List>
              <Entry entry={VISITOR_DRAWER_ENTRIES.login} currentPath={currentPath} onChoose={onChooseEntry} />
              <Entry entry={VISITOR_DRAWER_ENTRIES.responsiblePlay} currentPath={currentPath} onChoose={onChooseEntry} />
            </List>
            <RegisterButton href={VISITOR_DRAWER_ENTRIES.register.href} onClick={onChooseEntry}>
              <Icon name={VISITOR_DRAWER_ENTRIES.register.icon} />
              {t(VISITOR_DRAWER_ENTRIES.register.key)}
            </RegisterButton>
          </Section>
        )}

        {session.status === 'loggedIn' && (
          <Section as="nav" aria-label={t('drawer.label')} data-testid="drawer-player">
            {PLAYER_DRAWER_GROUPS.map((group, index) => (
              <Fragment key={group[0].key}>
                {index > 0 && <Divider />}
                <GroupHeading>{index === 0 ? t('drawer.games') : t('drawer.account')}</GroupHeading>
                <List>
                  {group.map((entry) => (
                    <Entry key={entry.key} entry={entry} currentPath={currentPath} onChoose={onChooseEntry} />
                  ))}
                </List>
              </Fragment>
            ))}
          </Section>
        )}

        <DrawerLanguages />
      </Panel>
    </>
  );
}
