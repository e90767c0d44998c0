import styled from 'styled-components';

/** The cards of a history page: one column on a phone, as many as fit on a wider screen. */
export const HistoryList = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
`;

export const HistoryItem = styled.li`
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A card's first line: what it is, and its status badge. */
export const HistoryHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  strong {
    overflow-wrap: anywhere;
  }
`;
