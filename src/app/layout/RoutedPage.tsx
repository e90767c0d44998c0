import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useHydrated } from '../../ui/useHydrated';

// A frame for its busy mark only: the page lays itself out as if it were not there.
const Region = styled.div`
  display: contents;
`;

/**
 * The routed page. The server's HTML of it can be read at once but does not respond until the app
 * has taken it over (its chunk loaded and hydrated); until then it is marked busy, for assistive
 * technology and for anything that must wait to act on it.
 */
export function RoutedPage({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Region id="page" aria-busy={hydrated ? undefined : true}>
      {children}
    </Region>
  );
}
