import { Type, type TSchema } from 'typebox';

/** One page of a list: its items, where it is, and how many there are in all. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() });

/** A list of everything (no paging). */
export const ItemsOf = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });
