import styled from 'styled-components';

/** The layout the login and register pages share. */
export const AuthCard = styled.section`
  width: min(440px, 100%);
  margin: 24px auto;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export const AuthTitle = styled.h1`
  margin: 0 0 16px;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const FormAlert = styled.p.attrs({ role: 'alert' })`
  margin: 0 0 12px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

export const SwitchLine = styled.p`
  margin: 16px 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    margin-left: 6px;
    font-weight: 700;
  }
`;

export const CheckboxLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  margin-bottom: 4px;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const CheckboxField = styled.div`
  margin-bottom: 16px;
`;
