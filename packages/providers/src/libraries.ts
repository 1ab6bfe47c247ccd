/**
 * The three engineering libraries and the numbers the spec (§3) attaches to them.
 * One table so the shell, the remotes and the paths helper never disagree.
 */
export type LibraryKey = 'part' | 'component' | 'mat';

export interface LibraryMeta {
  key: LibraryKey;
  /** Library title in Chinese (the UI's first language). */
  name: string;
  /** Library title in English. */
  nameEn: string;
  /** i18n key of the title in the `common` namespace. */
  titleKey: string;
  /** Path prefix the shell registers the single-spa application under. */
  routePrefix: `/${LibraryKey}`;
  /** Module Federation name of the remote that renders the library. */
  federationName: `mfe_${LibraryKey}`;
  /** Header type enumeration (spec §3): Part 1, Component 2, Home 3, Mat 4. */
  headerType: number;
  /** Platform numeric value (spec §3): Part 1, Component 2, System 3, Mat 4. */
  platformType: number;
}

export const HEADER_TYPE = { part: 1, component: 2, home: 3, mat: 4 } as const;
export const PLATFORM_TYPE = { part: 1, component: 2, system: 3, mat: 4 } as const;

export const LIBRARIES: Readonly<Record<LibraryKey, LibraryMeta>> = Object.freeze({
  part: {
    key: 'part',
    name: '零部件库',
    nameEn: 'Parts Library',
    titleKey: 'library.part',
    routePrefix: '/part',
    federationName: 'mfe_part',
    headerType: HEADER_TYPE.part,
    platformType: PLATFORM_TYPE.part,
  },
  component: {
    key: 'component',
    name: '元器件库',
    nameEn: 'Components Library',
    titleKey: 'library.component',
    routePrefix: '/component',
    federationName: 'mfe_component',
    headerType: HEADER_TYPE.component,
    platformType: PLATFORM_TYPE.component,
  },
  mat: {
    key: 'mat',
    name: '材料库',
    nameEn: 'Materials Library',
    titleKey: 'library.mat',
    routePrefix: '/mat',
    federationName: 'mfe_mat',
    headerType: HEADER_TYPE.mat,
    platformType: PLATFORM_TYPE.mat,
  },
});

/** Libraries in the order the navigation shows them. */
export const LIBRARY_KEYS: readonly LibraryKey[] = ['part', 'component', 'mat'];

export function isLibraryKey(value: unknown): value is LibraryKey {
  return typeof value === 'string' && (LIBRARY_KEYS as readonly string[]).includes(value);
}

/** The library whose prefix starts `pathname` (`/part`, `/part/search` → part), or null. */
export function libraryFromPath(pathname: string): LibraryKey | null {
  const firstSegment = pathname.split('/')[1] ?? '';
  return isLibraryKey(firstSegment) ? firstSegment : null;
}
