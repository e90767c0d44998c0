import { useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../web/ui/useFocusTrap';
import { IconButton } from '../../ui/IconButton';
import { useContactLinks } from './ContactMenu';
import { Icon } from './icons';
import { SocialIcon } from './SocialIcon';

const SheetBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1100;
  display: flex;
  align-items: flex-end;
  background: rgba(0, 0, 0, 0.6);
`;

const Sheet = styled.div`
  width: 100%;
  padding: 12px 16px calc(20px + env(safe-area-inset-bottom));
  border-radius: 18px 18px 0 0;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const SheetHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 8px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const ContactList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  a {
    display: flex;
    align-items: center;
    gap: 12px;
    min-height: 52px;
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

/** The contact-us drawer of the bottom bar: the same five links as the top bar's menu. */
export function ContactSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);
  const links = useContactLinks();
  return createPortal(
    <SheetBackdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Sheet ref={panel} role="dialog" aria-modal="true" aria-labelledby="contact-sheet-title" data-testid="contact-sheet">
        <SheetHeader>
          <h2 id="contact-sheet-title">{t('bottomBar.contactTitle')}</h2>
          <IconButton aria-label={t('bottomBar.close')} onClick={onClose}>
            <Icon name="close" />
          </IconButton>
        </SheetHeader>
        <ContactList>
          {links.map(({ network, href }) => (
            <li key={network}>
              <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                <SocialIcon network={network} size={32} />
                {t(`social.${network}`)}
              </a>
            </li>
          ))}
        </ContactList>
      </Sheet>
    </SheetBackdrop>,
    document.body,
  );
}
