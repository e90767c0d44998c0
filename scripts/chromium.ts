/** The Chromium the browser tests, the bench's Lighthouse and `npm run art` drive: Debian's, unless CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
