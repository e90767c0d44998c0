import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 12px;
`;

/** How many pages a list of `total` items has, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Previous, "page N of M" and next under a paged list; the words come from the page's translations. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  previous,
  next,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  previous: string;
  next: string;
}) {
  return (
    <Nav aria-label={label}>
      <Button $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <span>{label}</span>
      <Button $variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </Nav>
  );
}
