/**
 * Loads the whole page again from the server, at `path` when given, else where it is. The one
 * place the site does so (after logout and after a password change), so tests can watch it.
 */
export function reloadPage(path?: string): void {
  if (path) window.location.assign(path);
  else window.location.reload();
}
