import { act, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { registerAuthMessages } from '../../i18n';
import { CodeButton } from './code-button';

const RESEND_SECONDS = 60;

registerAuthMessages();

describe('CodeButton', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down 60 seconds after a successful send, then is free again', async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(true);
    render(
      <AppProviders withRouter={false}>
        <CodeButton resendSeconds={RESEND_SECONDS} onSend={onSend} />
      </AppProviders>,
    );
    const button = screen.getByTestId('code-button');
    expect(button).toHaveTextContent('获取验证码');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(`${RESEND_SECONDS}秒后重新获取`);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button).toHaveTextContent('59秒后重新获取');
    for (let second = 0; second < RESEND_SECONDS - 1; second += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button).not.toBeDisabled();
    expect(button).toHaveTextContent('获取验证码');
  });

  it("counts down the interval it is given (the server's)", async () => {
    vi.useFakeTimers();
    const onSend = vi.fn().mockResolvedValue(true);
    render(
      <AppProviders withRouter={false}>
        <CodeButton resendSeconds={2} onSend={onSend} />
      </AppProviders>,
    );
    const button = screen.getByTestId('code-button');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button).toHaveTextContent('2秒后重新获取');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button).toHaveTextContent('1秒后重新获取');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button).not.toBeDisabled();
    expect(button).toHaveTextContent('获取验证码');
  });

  it('is disabled while the code is being sent and free again after a failure', async () => {
    let fail!: (error: Error) => void;
    const onSend = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    render(
      <AppProviders withRouter={false}>
        <CodeButton resendSeconds={RESEND_SECONDS} onSend={onSend} />
      </AppProviders>,
    );
    const button = screen.getByTestId('code-button');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button).toBeDisabled();
    await act(async () => fail(new Error('1002000007')));
    expect(button).not.toBeDisabled();
    expect(button).toHaveTextContent('获取验证码');
  });

  it('stays disabled while its precondition (the slider) is not met', () => {
    const onSend = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <CodeButton resendSeconds={RESEND_SECONDS} onSend={onSend} disabled />
      </AppProviders>,
    );
    fireEvent.click(screen.getByTestId('code-button'));
    expect(screen.getByTestId('code-button')).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
  });
});
