import { navigateAcrossApps } from './navigation';

describe('navigateAcrossApps', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('changes the URL and tells the routers exactly once', () => {
    const onPopState = vi.fn();
    window.addEventListener('popstate', onPopState);
    navigateAcrossApps('/404');
    window.removeEventListener('popstate', onPopState);
    expect(window.location.pathname).toBe('/404');
    expect(onPopState).toHaveBeenCalledTimes(1);
  });

  it('does not add a second event when pushState already announces itself (single-spa)', () => {
    const originalPushState = window.history.pushState;
    window.history.pushState = function announcingPushState(...args: Parameters<History['pushState']>) {
      originalPushState.apply(window.history, args);
      window.dispatchEvent(new PopStateEvent('popstate'));
    };
    const onPopState = vi.fn();
    window.addEventListener('popstate', onPopState);
    try {
      navigateAcrossApps('/mat');
    } finally {
      window.removeEventListener('popstate', onPopState);
      window.history.pushState = originalPushState;
    }
    expect(window.location.pathname).toBe('/mat');
    expect(onPopState).toHaveBeenCalledTimes(1);
  });

  it('replaces the entry when asked', () => {
    const lengthBefore = window.history.length;
    navigateAcrossApps('/part', { replace: true });
    expect(window.location.pathname).toBe('/part');
    expect(window.history.length).toBe(lengthBefore);
  });
});
