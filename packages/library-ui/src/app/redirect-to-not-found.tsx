import { useEffect } from 'react';
import { navigateAcrossApps, paths } from '@portal/providers';

/**
 * The catch-all route of a library application. Its router only knows paths under its basename,
 * so an unknown path is handed to the shell's /404 through the history (replacing the bad entry,
 * so Back does not return to it).
 */
export function RedirectToNotFound() {
  useEffect(() => {
    navigateAcrossApps(paths.notFound(), { replace: true });
  }, []);
  return null;
}
