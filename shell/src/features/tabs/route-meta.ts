/**
 * Route metadata of the portal layout's own pages: the tab title and whether the page is kept alive
 * (hidden with its state) while its tab is in the list. Library pages belong to their single-spa
 * applications and are never cached by the shell.
 */
export interface RouteMeta {
  titleKey: string;
  cache: boolean;
}

const META: Record<string, RouteMeta> = {
  '/': { titleKey: 'title.home', cache: true },
  '/home': { titleKey: 'title.home', cache: true },
  '/download': { titleKey: 'title.download', cache: true },
  '/about': { titleKey: 'title.about', cache: true },
  // The application form keeps what was typed when the visitor looks elsewhere and comes back.
  '/brand-entry': { titleKey: 'title.brandEntry', cache: true },
  '/open': { titleKey: 'title.open', cache: false },
  '/user': { titleKey: 'title.user', cache: false },
  '/personalCenter/myInfo': { titleKey: 'title.user', cache: false },
};

export function routeMeta(pathname: string): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return META[path];
}
