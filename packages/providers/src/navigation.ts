/**
 * Navigate to an absolute portal path from any application (shell or a single-spa remote).
 *
 * Every router on the page (the shell's BrowserRouter and each remote's) listens to `popstate`.
 * Once single-spa is loaded it patches `pushState` to fire that event itself; without it (a
 * remote running standalone, tests) we fire it here, so exactly one event reaches the routers.
 */
export function navigateAcrossApps(url: string, options: { replace?: boolean } = {}): void {
  let notified = false;
  const markNotified = () => {
    notified = true;
  };
  window.addEventListener('popstate', markNotified);
  try {
    if (options.replace) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState(null, '', url);
  } finally {
    window.removeEventListener('popstate', markNotified);
  }
  if (!notified) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
