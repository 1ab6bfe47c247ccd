import { act, render } from '@testing-library/react';
import { useWechatAuthMessage } from './wechat-qr-panel';

function Listener({ onScan }: { onScan: (code: string) => void }) {
  useWechatAuthMessage(true, (message) => onScan(message.code));
  return null;
}

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('useWechatAuthMessage', () => {
  it('handles the first wechatAuth message from its own origin only once', () => {
    const onScan = vi.fn();
    render(<Listener onScan={onScan} />);
    post({ action: 'wechatAuth', code: 'C1', state: 'S1' }, 'https://evil.example');
    post({ action: 'other', code: 'C0', state: 'S0' });
    expect(onScan).not.toHaveBeenCalled();
    post({ action: 'wechatAuth', code: 'C1', state: 'S1', scan_type: 'login' });
    post({ action: 'wechatAuth', code: 'C2', state: 'S2' });
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(onScan).toHaveBeenCalledWith('C1');
  });
});
