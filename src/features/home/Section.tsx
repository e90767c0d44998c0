import styled from 'styled-components';
import { laidOutWhenNear } from '../../ui/laidOutWhenNear';

/** A part of a lobby page: a heading, an optional link on its right, and its content. */
export const Section = styled.section`
  margin: 0 0 32px;
`;

/** A part that lies below the first screen on a phone: laid out and painted once it comes near. */
export const LaterSection = styled(Section)`
  ${laidOutWhenNear(480)}
`;

export const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  margin-bottom: 12px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

/** Cards that wrap into as many columns as fit, never wider than the screen (320 px phones too). */
export const CardGrid = styled.ul<{ $min?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(${({ $min = 200 }) => $min}px, 100%), 1fr));
`;

/** A card that is one link: picture on top, words below or over it. */
export const CardLink = styled.a`
  display: grid;
  grid-template-rows: auto 1fr;
  height: 100%;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const CardText = styled.span`
  display: grid;
  align-content: start;
  gap: 4px;
  padding: 10px;
  /* Between words where the line allows (Lao by dictionary), inside a word only when it cannot fit. */
  overflow-wrap: break-word;

  strong {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
