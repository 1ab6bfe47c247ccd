import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { registerShellMessages } from '../../../i18n';
import { RemoteFallback } from './remote-fallback';

beforeAll(() => registerShellMessages());

const RUNTIME_REASON = '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 (http://127.0.0.1:18080/mfe/mat/mf-manifest.json)';

describe('RemoteFallback (issue 12: plain words, no runtime text)', () => {
  it('says the content could not be loaded, keeps the technical reason off the page, and retries', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onRetry = vi.fn(() => Promise.resolve());
    render(
      <AppProviders withRouter={false}>
        <RemoteFallback reason={RUNTIME_REASON} onRetry={onRetry} />
      </AppProviders>,
    );
    const fallback = screen.getByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('这部分内容暂时无法加载');
    expect(fallback).toHaveTextContent('请点击“重试”再试一次');
    expect(fallback).not.toHaveTextContent('Federation');
    expect(fallback).not.toHaveTextContent('RUNTIME');
    expect(fallback).toHaveAttribute('data-reason', RUNTIME_REASON);
    expect(warn).toHaveBeenCalledWith(expect.any(String), RUNTIME_REASON);
    fireEvent.click(screen.getByTestId('remote-retry'));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
    warn.mockRestore();
  });
});
