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
  /* Long tokens (fingerprints, browsers) may break anywhere; other cells keep their words whole. */
  .long {
    overflow-wrap: anywhere;
    min-width: 12ch;
  }
  /* Amounts stay on one line and line up. */
  .amount {
    text-align: right;
    white-space: nowrap;
  }
`;

const NONE: ReadonlySet<string> = new Set();

/** One of the page's tables: @tanstack/react-table rows under a header, amounts right-aligned. */
export function DataTable<Row>({
  data,
  columns,
  rowId,
  amounts = NONE,
  long = NONE,
  label,
}: {
  data: Row[];
  // The columns' value types differ from column to column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  /** Column ids whose cells are amounts. */
  amounts?: ReadonlySet<string>;
  /** Column ids whose cells hold long unbroken text. */
  long?: ReadonlySet<string>;
  label: string;
}) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const classOf = (id: string) => (amounts.has(id) ? 'amount' : long.has(id) ? 'long' : undefined);
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
