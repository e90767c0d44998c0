import { css } from 'styled-components';

/**
 * For a part of a page below the first screen: the browser skips its layout and paint until it
 * comes near the viewport, so the first layout and every repaint while the page loads (each image
 * that arrives repaints the whole document) cover only what can be seen. Until then it takes the
 * estimated height, and once laid out it keeps its real one (`auto`), so the scrollbar stays true.
 */
export const laidOutWhenNear = (estimatedHeight: number) => css`
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${estimatedHeight}px;
`;
