import { Type, type TSchema } from 'typebox';

/** One page of a list: its items, where it is, and how many there are in all. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });

/** The last page a list may be asked for: far beyond any real list, and an offset the database takes. */
export const PAGE_MAX = 100_000;

/** ?page=&pageSize= of a paged list: page 1 and the given size by default. */
export const pageQueryFields = (defaultPageSize: number) => ({
  page: Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: defaultPageSize }),
});

/** The query of a paged list with nothing else in it. */
export const PageQueryOf = (defaultPageSize: number) => Type.Object(pageQueryFields(defaultPageSize), { additionalProperties: false });

/** A list of everything (no paging). */
export const ItemsOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });
