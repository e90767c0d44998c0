import styled from 'styled-components';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';

const Scroller = styled.div`
  overflow-x: auto;
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
  /* Amounts stay on one line and line up; the other columns wrap so a tablet needs no sideways scroll. */
  .amount {
    text-align: right;
    white-space: nowrap;
  }
`;

interface DataTableProps<Row> {
  rows: Row[];
  // Columns mix value types (a string here, a boolean there): the table library's own erasure.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  /** Columns holding amounts: right-aligned on one line. */
  amountColumns?: ReadonlySet<string>;
  label?: string;
}

/** A console table: @tanstack/react-table's rows in the console's look, scrolling inside itself when a screen is narrow. */
export function DataTable<Row>({ rows, columns, rowId, amountColumns, label }: DataTableProps<Row>) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const alignOf = (columnId: string) => (amountColumns?.has(columnId) ? 'amount' : undefined);
  return (
    <Scroller>
      <Table aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={alignOf(header.column.id)}>
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
                <td key={cell.id} className={alignOf(cell.column.id)}>
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
