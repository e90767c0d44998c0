import { createGlobalStyle } from 'styled-components';
import type { Language } from '../contract/languages';
import { theme } from './theme';

/** The site's own faces: Noto Sans Lao, which has the Lao script and little else. */
const LAO_FACES = [
  { url: '/fonts/NotoSansLao-Regular.woff2', weight: 400 },
  { url: '/fonts/NotoSansLao-Bold.woff2', weight: 700 },
] as const;

/**
 * The characters the faces draw (their cmap, the spaces left out): a page whose text has none of
 * them, a Chinese, Vietnamese or Thai one, never fetches the faces, and no other text takes the
 * faces' spaces.
 */
const LAO_FACE_RANGE = 'U+0E81-0EDF, U+200B-200D, U+20AD, U+25CC';

/**
 * Preloads of the faces a page draws on its first layout, which a face found only by that layout
 * would arrive after and lay the page out again: a Lao page has both (its headings are bold), a page
 * in another language only the regular one, for the drawer's "ລາວ" in its list of languages.
 */
export const fontPreloadsFor = (language: Language) =>
  LAO_FACES.filter(({ weight }) => language === 'lo' || weight === 400)
    .map(({ url }) => `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`)
    .join('');

/**
 * The site's global rules (fonts, box model, body), from the theme alone. A server-rendered page
 * carries them in a style element of their own that the browser keeps: as a rendered global style,
 * hydration would delete and insert them again, and with them the fonts, laying the page out anew.
 */
export const GLOBAL_CSS = `
${LAO_FACES.map(
  ({ url, weight }) => `  @font-face {
    font-family: 'Noto Sans Lao';
    src: url('${url}') format('woff2');
    font-weight: ${weight};
    font-display: swap;
    unicode-range: ${LAO_FACE_RANGE};
  }
`,
).join('')}  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: dark; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font-family: ${theme.font};
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
