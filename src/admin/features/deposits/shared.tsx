import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import styled from 'styled-components';

/** Times as the agency reads them: Vientiane's clock, whatever the operator's machine says. */
const vientiane = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Vientiane',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const vientianeTime = (iso: string | null) => (iso === null ? '–' : vientiane.format(new Date(iso)));

/** A wide table scrolls inside its own box, so the page itself never scrolls sideways on a tablet. */
export const Scroller = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 6px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    /* Codes and names wrap, so the table fits a 768 px tablet without scrolling. */
    overflow-wrap: anywhere;
  }
  .amount {
    text-align: right;
    white-space: nowrap;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A react-table of rows, amounts (columns listed in amountColumns) right-aligned. */
export function DataTable<Row>({
  rows,
  columns,
  rowId,
  amountColumns = [],
  label,
}: {
  rows: Row[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-table's column helpers type each column's value apart
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  amountColumns?: string[];
  label: string;
}) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const amountClass = (id: string) => (amountColumns.includes(id) ? 'amount' : undefined);
  return (
    <Scroller>
      <Table aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={amountClass(header.column.id)}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={amountClass(cell.column.id)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}

/** A fresh Idempotency-Key of 32 hex characters (the contract's rule: 8 to 100 visible ASCII characters). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
