import styled from 'styled-components';

/** A panel of a page (a form, a result, an order): the pages of the player area are built of these. */
export const Card = styled.section`
  max-width: 640px;
  padding: 20px;
  margin-bottom: 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

export const CardTitle = styled.h2`
  margin: 0 0 12px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/**
 * Label and value pairs (code, amount, status...), labels muted, values bold and wrapping anywhere.
 * A label takes its one line where it fits; a longer one (Thai writes a phrase without spaces)
 * wraps at half the width, so the values keep theirs on a 320 px phone.
 */
export const Details = styled.dl`
  display: grid;
  grid-template-columns: fit-content(50%) minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0 0 16px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;
