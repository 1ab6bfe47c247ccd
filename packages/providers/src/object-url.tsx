import { useEffect, useState } from 'react';
import { requestBlob } from '@portal/http';

/**
 * An object URL of the file the API answers at `path` (fetched with the session's header, so it works for files
 * an `<img src>` could not read without it, such as an enterprise model's thumbnail); revoked when `path`
 * changes or the component unmounts. `undefined` while loading, after an error (`error`), or without a path.
 */
export function useObjectUrl(path: string | undefined, accept = 'image/*'): { url?: string; error?: Error } {
  const [state, setState] = useState<{ url?: string; error?: Error; path?: string }>({});
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | undefined;
    requestBlob(path, { accept, signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, path });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: error instanceof Error ? error : new Error(String(error)), path });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, accept]);
  // A state left from another path is not this path's.
  return state.path === path ? { url: state.url, error: state.error } : {};
}

/**
 * A square picture the API serves only with the session's header (an enterprise model's thumbnail): nothing
 * until it has loaded, or when `path` is undefined or the fetch failed.
 */
export function ApiImage({ path, alt, size, testId }: { path: string | undefined; alt: string; size: number; testId?: string }) {
  const { url } = useObjectUrl(path);
  if (!url) return null;
  return <img src={url} alt={alt} width={size} height={size} style={{ display: 'block' }} data-testid={testId} />;
}
