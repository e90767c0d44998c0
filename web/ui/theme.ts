/**
 * The dark theme. Text colours are chosen for WCAG AA contrast (4.5:1 or more) on both background
 * and surface.
 */
/** The phone's own faces (system-ui is Roboto on Android, San Francisco on iOS, Segoe UI on Windows). */
const phoneFaces = 'system-ui, sans-serif';

export const theme = {
  colors: {
    background: '#0f1115',
    surface: '#1a1d24',
    surfaceRaised: '#242833',
    border: '#3a3f4b',
    text: '#f2f2f2',
    textMuted: '#b7bcc6',
    primary: '#f5c542',
    onPrimary: '#1a1300',
    danger: '#ff7a7a',
    success: '#4ade80',
    warning: '#ffd166',
    neutral: '#a3a9b5',
    /** The deep red of the banner and the centre button's ring, behind gold text. */
    accent: '#7a1430',
  },
  breakpoints: {
    /** The narrowest phones: the top bar keeps only what cannot move into the drawer. */
    narrow: 430,
    /** The bottom app bar shows at this width or less. */
    phone: 576,
    /** The footer is narrow at this width or less, wide above it. */
    tablet: 768,
  },
  radius: '10px',
  buttonPadding: '2px 16px',
  /**
   * The site's Lao face, then the phone's own. Every name the browser cannot find is a look-up on
   * the page's first layout.
   */
  font: `'Noto Sans Lao', ${phoneFaces}`,
  /** What a page is drawn in where the site's face has not arrived or cannot be fetched. */
  phoneFaces,
  /**
   * The type scale: every size of text on the site and in the console. Each size of a face is one
   * more font for the browser to set up on a page's first layout, so a page uses few, and all of
   * them from here. Two weights, 400 and 700, the Lao face's two files.
   */
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    /** The lobby's title, growing with the screen. */
    hero: 'clamp(1.5rem, 5vw, 2.4rem)',
    /** A figure that is the whole message (the 404). */
    figure: '4rem',
  },
} as const;

export type Theme = typeof theme;

export const media = {
  narrow: `@media (max-width: ${theme.breakpoints.narrow}px)`,
  phone: `@media (max-width: ${theme.breakpoints.phone}px)`,
  abovePhone: `@media (min-width: ${theme.breakpoints.phone + 1}px)`,
  aboveTablet: `@media (min-width: ${theme.breakpoints.tablet + 1}px)`,
  tabletDown: `@media (max-width: ${theme.breakpoints.tablet}px)`,
};
