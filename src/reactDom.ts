/**
 * React's DOM renderer, a chunk of its own: the entry starts fetching it beside the app, and the app
 * takes hydrateRoot or createRoot from it, so its modules run in a task apart from the app's.
 */
export const loadReactDom = () => import(/* webpackChunkName: "react-dom" */ 'react-dom/client');
