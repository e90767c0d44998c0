import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** The site's button; default padding 2px 16px, at least 40 px tall for thumbs. */
export const Button = styled.button.attrs<{ type?: string }>(({ type }) => ({ type: type ?? 'button' }))<{
  $variant?: Variant;
  $block?: boolean;
}>`
  min-height: 40px;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid transparent;
  font-weight: 700;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  text-decoration: none;
  ${({ $block }) => $block && 'width: 100%;'}
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
        `;
      case 'danger':
        return css`
          background: transparent;
          color: ${theme.colors.danger};
          border-color: ${theme.colors.danger};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
        `;
      default:
        return css`
          background: ${theme.colors.surfaceRaised};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
        `;
    }
  }}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
