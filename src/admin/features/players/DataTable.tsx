import styled from 'styled-components';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';

/** Request times as the agency reads them: Vientiane's clock, whatever the operator's machine says. */
const vientianeTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Vientiane',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const atVientiane = (iso: string | null) => (iso ? vientianeTime.format(new Date(iso)) : '–');

/** A wide table scrolls inside its own box, so the page never scrolls sideways. */
const Scroller = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td {
    overflow-wrap: anywhere;
  }
  /* Amounts stay on one line and line up. */
  .amount {
    text-align: right;
    white-space: nowrap;
  }
`;

/** Column ids whose cells are amounts. */
export type AmountColumns = ReadonlySet<string>;

/** One of the page's tables: @tanstack/react-table rows under a header, amounts right-aligned. */
export function DataTable<Row>({
  data,
  columns,
  rowId,
  amounts = new Set(),
  label,
}: {
  data: Row[];
  // The columns' value types differ from column to column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  amounts?: AmountColumns;
  label: string;
}) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const classOf = (id: string) => (amounts.has(id) ? 'amount' : undefined);
  return (
    <Scroller>
      <Table aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={classOf(header.column.id)}>
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
                <td key={cell.id} className={classOf(cell.column.id)}>
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
