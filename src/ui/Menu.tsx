import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFocusTrap } from '../../web/ui/useFocusTrap';

const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

const Trigger = styled.button`
  min-height: 40px;
  min-width: 40px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const List = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + 6px);
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: 950;
  min-width: 200px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.55);
`;

const itemStyle = `
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  border: 0;
  border-radius: 8px;
  background: transparent;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
`;

const ItemButton = styled.button`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surface};
  }
  &[aria-checked='true'] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

const ItemLink = styled.a`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const CloseMenu = createContext<() => void>(() => {});

interface MenuProps {
  /** The trigger's accessible name (its visible content may be just an icon). */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  'data-testid'?: string;
}

/**
 * A menu button: Enter, Space or ArrowDown opens it; focus moves into the menu and stays there,
 * ArrowUp/ArrowDown/Home/End move between items, Escape or a click outside closes it and focus
 * returns to the trigger. Choosing an item closes it too.
 */
export function Menu({ label, trigger, children, align = 'end', 'data-testid': testId }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useFocusTrap(list, open, close);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown'
        ? items[(index + 1) % items.length]
        : event.key === 'ArrowUp'
          ? items[(index - 1 + items.length) % items.length]
          : event.key === 'Home'
            ? items[0]
            : event.key === 'End'
              ? items[items.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <Root ref={root} data-testid={testId}>
      <Trigger
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
      </Trigger>
      {open && (
        <List ref={list} id={menuId} role="menu" aria-label={label} $align={align} onKeyDown={onListKeyDown}>
          <CloseMenu.Provider value={close}>{children}</CloseMenu.Provider>
        </List>
      )}
    </Root>
  );
}

/** An item that does something; with `checked` it is one choice of a set (e.g. a language). */
export function MenuItem({ children, onSelect, checked }: { children: ReactNode; onSelect: () => void; checked?: boolean }) {
  const close = useContext(CloseMenu);
  return (
    <ItemButton
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      onClick={() => {
        onSelect();
        close();
      }}
    >
      {children}
    </ItemButton>
  );
}

/** An item that leaves the site: it opens in a new tab, with no opener and no referrer. */
export function MenuExternalLink({ children, href }: { children: ReactNode; href: string }) {
  const close = useContext(CloseMenu);
  return (
    <ItemLink role="menuitem" href={href} target="_blank" rel="noopener noreferrer" onClick={close}>
      {children}
    </ItemLink>
  );
}
