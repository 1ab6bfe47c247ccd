import { LIBRARIES, type LibraryKey } from './libraries';

/**
 * Absolute portal paths, for links that cross application boundaries (shell ↔ remotes).
 * A remote's router has a basename, so its own <Link to> cannot reach the shell's routes;
 * use these with `navigateAcrossApps` or a plain <a href>.
 */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: () => '/',
  /** A library home, optionally with a category selected (`/part?category=screw`). */
  library: (library: LibraryKey, options: { category?: string } = {}) => withQuery(LIBRARIES[library].routePrefix, { category: options.category }),
  /** Keyword search; spec §2: keyWords is a list joined by a pipe. */
  librarySearch: (library: LibraryKey, keywords: readonly string[]) => withQuery(`${LIBRARIES[library].routePrefix}/search`, { keyWords: keywords.join('|') }),
  /** Manufacturer listing of a library. */
  libraryBrands: (library: LibraryKey) => `${LIBRARIES[library].routePrefix}/brand-page`,
  user: () => '/user',
  login: (redirect?: string) => withQuery('/login', { redirect }),
  register: (redirect?: string) => withQuery('/register', { redirect }),
  notFound: () => '/404',
  forbidden: (options: { message?: string; code?: string | number } = {}) => withQuery('/403', { message: options.message, code: options.code?.toString() }),
  /** Generic error page `/{code}`; spec §2: /400 is the fallback for non-numeric codes. */
  error: (code: string | number, message?: string) => {
    const numeric = /^\d+$/.test(String(code)) ? String(code) : '400';
    return withQuery(`/${numeric}`, { message, code: String(code) });
  },
} as const;
