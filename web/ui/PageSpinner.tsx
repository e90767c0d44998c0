import styled from 'styled-components';
import { Logo } from './Logo';
import { Spinner } from './Spinner';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 16px;
  background: ${({ theme }) => theme.colors.background};
`;

/** Full-screen spinner with the logo, while a page's chunk or data is pending. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Overlay data-testid="page-spinner">
      <Logo size={72} />
      <Spinner aria-label={label} />
    </Overlay>
  );
}
