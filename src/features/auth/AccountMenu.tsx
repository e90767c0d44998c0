import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../web/ui/Toast';
import { media } from '../../../web/ui/theme';
import { useSession } from './session';

const Wrapper = styled.div`
  position: relative;
  min-width: 0;
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  min-width: 0;
  max-width: 200px;
  ${media.phone} {
    max-width: 128px;
  }
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
`;

const Name = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: 900;
  min-width: 200px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
`;

const MenuItem = styled.button<{ $danger?: boolean }>`
  display: block;
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.text)};
  text-align: left;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** Arrow keys, Home and End move between the entries; Escape closes the menu (back to its button), Tab leaves it. */
function followMenuKeys(event: KeyboardEvent, entries: HTMLElement[], close: (refocus: boolean) => void) {
  const index = entries.indexOf(document.activeElement as HTMLElement);
  const moveTo = (next: number) => {
    event.preventDefault();
    entries[(next + entries.length) % entries.length]?.focus();
  };
  if (event.key === 'ArrowDown') moveTo(index + 1);
  else if (event.key === 'ArrowUp') moveTo(index - 1);
  else if (event.key === 'Home') moveTo(0);
  else if (event.key === 'End') moveTo(entries.length - 1);
  else if (event.key === 'Escape') {
    event.preventDefault();
    close(true);
  } else if (event.key === 'Tab') close(false);
}

/**
 * The logged-in player's menu in the top bar: a button with the display name opening change
 * password and logout (in red). Arrow keys move between the entries, Escape or Tab closes the menu.
 */
export function AccountMenu({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => followMenuKeys(event, items(), close);

  const logout = () => {
    close(false);
    session.logout().catch(() => toast({ status: 'error', title: t('menu.logoutFailed') }));
  };

  return (
    <Wrapper>
      <MenuButton
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Name>{session.player?.displayName}</Name>
        <span aria-hidden="true">▾</span>
      </MenuButton>
      {open && (
        <Menu ref={menu} id={menuId} role="menu" aria-label={t('menu.label')} onKeyDown={onMenuKeyDown}>
          <MenuItem
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(false);
              onChangePassword();
            }}
          >
            {t('menu.changePassword')}
          </MenuItem>
          <MenuItem type="button" role="menuitem" tabIndex={-1} $danger onClick={logout}>
            {t('menu.logout')}
          </MenuItem>
        </Menu>
      )}
    </Wrapper>
  );
}
