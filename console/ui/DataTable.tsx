import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ConsoleTable, TableScroller } from './ConsoleTable';

/** A row's own attributes: a class, data-* marks. */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [mark: `data-${string}`]: string | boolean | undefined };

interface DataTableProps<Row> {
  rows: Row[];
  // Columns mix value types (a string here, a boolean there): the table library's own erasure.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  /** Column ids whose cells are amounts: right-aligned on one line. */
  amountColumns?: readonly string[];
  /** Column ids whose cells hold long unbroken text. */
  longColumns?: readonly string[];
  label: string;
  /** Attributes of a row's own <tr>. */
  rowAttributes?: (row: Row) => RowAttributes;
  /** What an opened row shows beneath itself, across every column; nothing (null) while it is closed. */
  detail?: (row: Row) => ReactNode;
}

/** A console table of @tanstack/react-table rows in the console's look, scrolling inside itself when a screen is narrow. */
export function DataTable<Row>({
  rows,
  columns,
  rowId,
  amountColumns = [],
  longColumns = [],
  label,
  rowAttributes,
  detail,
}: DataTableProps<Row>) {
  // The site is not built with the React Compiler, and nothing here memoizes the table's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const classOf = (id: string) => (amountColumns.includes(id) ? 'amount' : longColumns.includes(id) ? 'long' : undefined);
  return (
    <TableScroller>
      <ConsoleTable aria-label={label}>
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
          {table.getRowModel().rows.map((row) => {
            const opened = detail?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr {...rowAttributes?.(row.original)}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={classOf(cell.column.id)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {opened ? (
                  <tr>
                    <td colSpan={row.getVisibleCells().length}>{opened}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </ConsoleTable>
    </TableScroller>
  );
}
