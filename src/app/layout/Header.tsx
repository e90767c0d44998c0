import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { SessionBar } from '../../features/auth/SessionBar';
import { ChangePasswordDialog } from '../../features/password/ChangePasswordDialog';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 800;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 700;
`;

export function Header() {
  const { t } = useTranslation();
  const [changingPassword, setChangingPassword] = useState(false);
  const closeChangePassword = useCallback(() => setChangingPassword(false), []);
  return (
    <Bar>
      <Brand href="/">
        <img src="/images/logo.svg" alt="" width={36} height={36} />
        {t('brand')}
      </Brand>
      <SessionBar onChangePassword={() => setChangingPassword(true)} />
      <ChangePasswordDialog open={changingPassword} onClose={closeChangePassword} />
    </Bar>
  );
}
