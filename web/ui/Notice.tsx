import styled from 'styled-components';

/** A framed message above or inside a form: a refusal (danger, the default), a caution or a success. */
export const Notice = styled.div<{ $tone?: 'danger' | 'success' | 'warning' }>`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $tone = 'danger' }) => theme.colors[$tone]};
  color: ${({ theme, $tone = 'danger' }) => theme.colors[$tone]};
`;
