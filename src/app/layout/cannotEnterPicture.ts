/**
 * The cannot-enter screen's picture, drawn by `npm run art` from scripts/art/cannot-enter.svg at
 * twice this size. Apart from the screen's React module, so that the art script reads it without
 * loading the screen's styles and translations.
 */
export const CANNOT_ENTER_PICTURE = { src: '/images/cannot-enter.webp', width: 200, height: 160 } as const;
