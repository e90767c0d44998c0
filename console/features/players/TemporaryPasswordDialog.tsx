import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../web/ui/Button';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';

const Password = styled.output`
  display: block;
  margin: 12px 0;
  padding: 12px;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  letter-spacing: 0.08em;
  text-align: center;
  overflow-wrap: anywhere;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * The temporary password, the only time it is shown: the server keeps only its hash. Closing
 * the dialog forgets it; the player types it once and must then choose their own.
 */
export function TemporaryPasswordDialog({
  password,
  username,
  onClose,
}: {
  password: string | null;
  username: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  // The clipboard is refused on a plain-http address or without permission: the password is still on screen to type.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password ?? '');
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Dialog open={password !== null} title={t('players.temporary.title', { username })} onClose={close}>
      <Notice $tone="warning">{t('players.temporary.warning')}</Notice>
      <Password aria-label={t('players.temporary.label')}>{password}</Password>
      <p>{t('players.temporary.next')}</p>
      <DialogActions>
        <Button $variant="secondary" onClick={() => void copy()}>
          {t(`players.temporary.${copied ?? 'copy'}`)}
        </Button>
        <Button onClick={close}>{t('players.temporary.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
