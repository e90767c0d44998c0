import styled from 'styled-components';

/** One group of settings on the page, a card of its own. */
export const SettingsSection = styled.section`
  max-width: 640px;
  margin-bottom: 16px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
