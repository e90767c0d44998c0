import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from './useFocusTrap';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1100;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(0, 0, 0, 0.65);
`;

const Panel = styled.div`
  position: relative;
  width: min(440px, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0 0 12px;
  padding-right: 40px;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

/**
 * Visible on every dialog, 44 px for a thumb: a phone has no Escape key, and the backdrop is small.
 * Last in the focus order, so a dialog still opens with focus on its first field.
 */
const CloseButton = styled.button`
  position: absolute;
  top: 8px;
  right: 8px;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  line-height: 1;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 16px;
`;

interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Without it the dialog cannot be dismissed: no close button, Escape and the backdrop do nothing. */
  onClose?: () => void;
  children: ReactNode;
}

const stayOpen = () => {};

/** A modal dialog: focus is trapped inside; its close button, Escape or a backdrop click closes it. */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, open, onClose ?? stayOpen);
  if (!open) return null;
  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose?.()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Title id={titleId}>{title}</Title>
        {children}
        {onClose && (
          <CloseButton type="button" aria-label={t('closeDialog')} title={t('closeDialog')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </CloseButton>
        )}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
