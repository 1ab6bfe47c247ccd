import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * Components a remote's own pages and detail slots use, exported from the package index as lazy
 * wrappers: everything the index imports eagerly is downloaded by every library page (also /part and
 * /mat, which have no items yet), and these pull in antd modules (Tooltip, Typography) those pages do
 * not otherwise need. The shared pages import the components directly.
 */
const LazyAddToCompareButton = lazy(() =>
  import('../features/compare/components/add-to-compare-button').then((module) => ({ default: module.AddToCompareButton })),
);
const LazyFileDownloads = lazy(() => import('../features/items/components/file-downloads').then((module) => ({ default: module.FileDownloads })));

type AddToCompareButtonProps = ComponentProps<typeof LazyAddToCompareButton>;
type FileDownloadsProps = ComponentProps<typeof LazyFileDownloads>;

/** `AddToCompareButton` for a remote's own code (see above); nothing shows until its chunk is there. */
export function AddToCompareButton(props: AddToCompareButtonProps) {
  return (
    <Suspense fallback={null}>
      <LazyAddToCompareButton {...props} />
    </Suspense>
  );
}

/** `FileDownloads` for a library's `downloads` slot (see above). */
export function FileDownloads(props: FileDownloadsProps) {
  return (
    <Suspense fallback={null}>
      <LazyFileDownloads {...props} />
    </Suspense>
  );
}
