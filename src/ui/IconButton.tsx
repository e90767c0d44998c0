import styled, { css } from 'styled-components';

/** A square button around one icon, 44 px: the smallest target a thumb hits reliably. */
export const iconButtonStyle = css`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

export const IconButton = styled.button.attrs({ type: 'button' })`
  ${iconButtonStyle}
`;
