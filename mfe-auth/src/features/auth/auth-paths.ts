import { isPluginPath } from './hooks/use-plugin-mode';

/**
 * The other sign-in page (spec §2: /login ↔ /register keep the query string). Inside the plugin the pair
 * is /plugin/login ↔ /plugin/register, so a plugin user who switches page stays on the plugin's pages.
 */
export function authPagePath(page: 'login' | 'register', current: { pathname: string; search: string }): string {
  const prefix = isPluginPath(current.pathname) ? '/plugin' : '';
  return `${prefix}/${page}${current.search}`;
}
