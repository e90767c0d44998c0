import styled from 'styled-components';

/** A table's own sideways scroller, so a wide table never makes the page scroll at 768 px. */
export const TableScroller = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

/** The console's data table: amounts right-aligned on one line (class "amount"). */
export const ConsoleTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  /* Codes and names wrap where they must, so a table fits a 768 px tablet. */
  td {
    overflow-wrap: anywhere;
  }
  /* Amounts stay on one line and line up; other cells wrap, so a 768 px tablet needs no sideways scroll. */
  .amount {
    text-align: right;
    white-space: nowrap;
  }
  /* Long unbroken tokens (fingerprints, browsers, codes) may break anywhere. */
  .long {
    overflow-wrap: anywhere;
    min-width: 12ch;
  }
`;
