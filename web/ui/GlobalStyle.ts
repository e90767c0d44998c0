import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

/**
 * The site's global rules (fonts, box model, body), from the theme alone. A server-rendered page
 * carries them in a style element of their own that the browser keeps: as a rendered global style,
 * hydration would delete and insert them again, and with them the fonts, laying the page out anew.
 */
export const GLOBAL_CSS = `
  @font-face {
    font-family: 'Noto Sans Lao';
    src: url('/fonts/NotoSansLao-Regular.woff2') format('woff2');
    font-weight: 400;
    font-display: swap;
  }
  @font-face {
    font-family: 'Noto Sans Lao';
    src: url('/fonts/NotoSansLao-Bold.woff2') format('woff2');
    font-weight: 700;
    font-display: swap;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html {
    color-scheme: dark;
    /* On the root, not the body: the root's face is set up too, and the browser's own would be one more. */
    font-family: ${theme.font};
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 2px solid ${theme.colors.primary}; outline-offset: 2px; }
`;

/** The global rules where no server drew the page: the operators' console, and a page the server could not render. */
export const GlobalStyle = createGlobalStyle`
  ${GLOBAL_CSS}
`;
