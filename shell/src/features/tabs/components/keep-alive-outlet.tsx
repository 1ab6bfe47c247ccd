import { Activity, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutlet } from 'react-router';
import { routeMeta } from '../route-meta';
import { useTabs, visitTab } from '../tab-store';

/**
 * The portal layout's outlet. Every visit opens a tab; pages whose route metadata says `cache` stay
 * mounted but hidden (React <Activity>) while their tab is in the list, so their state survives.
 * Dropping a tab (capacity 10) drops its page. Each page has its own Suspense boundary, so a page
 * that is still loading never hides the others.
 */
export function KeepAliveOutlet({ fallback }: { fallback: ReactNode }) {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const { t } = useTranslation('shell');
  const tabs = useTabs();
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const meta = routeMeta(pathname);
  const name = pathname;

  // Derived state: the first render of a cacheable page adds it (React re-renders at once).
  if (meta?.cache && !cache.has(name)) setCache(new Map(cache).set(name, outlet));

  useEffect(() => {
    visitTab({ name, path: `${pathname}${search}`, title: meta ? t(meta.titleKey) : pathname, cache: meta?.cache ?? false });
  }, [name, pathname, search, meta, t]);

  // Forget pages whose tab was dropped from the list.
  const listed = new Set(tabs.map((tab) => tab.name));
  const kept = [...cache.entries()].filter(([key]) => key === name || listed.has(key));
  useEffect(() => {
    if (kept.length !== cache.size) setCache(new Map(kept));
  }, [kept.length, cache.size]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      {kept.map(([key, element]) => (
        <Activity key={key} mode={key === name ? 'visible' : 'hidden'}>
          <div className="keep-alive-page" data-keepalive={key}>
            <Suspense fallback={fallback}>{element}</Suspense>
          </div>
        </Activity>
      ))}
      {!meta?.cache && <Suspense fallback={fallback}>{outlet}</Suspense>}
    </>
  );
}
