import styled from 'styled-components';

/** Buttons and links side by side, wrapping onto the next line on a narrow screen; $spaced sets it off from what is above. */
export const ActionRow = styled.div<{ $spaced?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-top: ${({ $spaced }) => ($spaced ? '12px' : '0')};
`;
