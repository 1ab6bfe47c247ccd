import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { resetHttpState } from '@portal/http';
import { AppProviders } from '@portal/providers';
import { clearAllCookies, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerAuthMessages } from '../../../../i18n';
import { LoginForm } from './login-form';

registerAuthMessages();

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setPageUrl(`${server.origin}/`);
});
afterAll(() => server.close());
beforeEach(() => {
  clearAllCookies();
  resetHttpState();
  server.requests.length = 0;
  server.routes.clear();
  server.routes.set('/to/api/base/system/captcha/slider/challenge', (_request, response) =>
    sendJson(response, envelope({ challengeId: 'c-1', trackWidth: 330, handleWidth: 60, expiresIn: 120 })),
  );
  server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 'ticket-1', expiresIn: 300 })));
});

function drag(testId: string) {
  const handle = screen.getByTestId(`${testId}-handle`);
  fireEvent.pointerDown(handle, { clientX: 0, clientY: 0, pointerId: 1 });
  for (let x = 0; x <= 270; x += 30) fireEvent.pointerMove(handle, { clientX: x, clientY: 1, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 270, clientY: 1, pointerId: 1 });
}

function renderForm(activeTab: 'account' | 'phone', handlers: { onSignedIn?: () => void; onNotRegistered?: (mobile: string) => void } = {}) {
  render(
    <AppProviders withRouter={false}>
      <LoginForm
        activeTab={activeTab}
        onTabChange={() => undefined}
        onSignedIn={handlers.onSignedIn ?? vi.fn()}
        onRegister={vi.fn()}
        onForgot={vi.fn()}
        onNotRegistered={handlers.onNotRegistered ?? vi.fn()}
      />
    </AppProviders>,
  );
}

describe('LoginForm', () => {
  it('asks for a login code with the slider ticket and shows the not-registered form on 1002000007', async () => {
    server.routes.set('/to/api/base/system/auth/send-sms-code', (_request, response) => sendJson(response, envelope(null, 1002000007, '手机号不存在')));
    const onNotRegistered = vi.fn();
    renderForm('phone', { onNotRegistered });
    fireEvent.change(screen.getByTestId('sms-mobile'), { target: { value: '13900000000' } });
    drag('sms-slider');
    await waitFor(() => expect(screen.getByTestId('sms-slider').dataset.status).toBe('success'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-get-code'));
    });
    await waitFor(() => expect(onNotRegistered).toHaveBeenCalledWith('13900000000'));
    const send = server.requests.find((request) => request.url.endsWith('/send-sms-code'))!;
    expect(JSON.parse(send.body)).toEqual({ mobile: '13900000000', scene: 1, ticket: 'ticket-1' });
    // The ticket is spent: the slider is back to idle.
    expect(screen.getByTestId('sms-slider').dataset.status).toBe('idle');
  });

  it('counts down the resend interval the server reports', async () => {
    server.routes.set('/to/api/base/system/auth/code-config', (_request, response) => sendJson(response, envelope({ resendSeconds: 3, validMinutes: 10 })));
    server.routes.set('/to/api/base/system/auth/send-sms-code', (_request, response) => sendJson(response, envelope(true)));
    renderForm('phone');
    await waitFor(() => expect(server.requests.some((request) => request.url.endsWith('/auth/code-config'))).toBe(true));
    fireEvent.change(screen.getByTestId('sms-mobile'), { target: { value: '13900000000' } });
    drag('sms-slider');
    await waitFor(() => expect(screen.getByTestId('sms-slider').dataset.status).toBe('success'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-get-code'));
    });
    // 3, 2 or 1 by the time it is read (the countdown runs on the real clock here), never the default 60.
    await waitFor(() => expect(screen.getByTestId('sms-get-code')).toHaveTextContent(/^[1-3]秒后重新获取$/));
  });

  it('needs the slider before a code is requested', async () => {
    renderForm('phone');
    fireEvent.change(screen.getByTestId('sms-mobile'), { target: { value: '13900000000' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-get-code'));
    });
    expect(await screen.findByText('请将滑块拖动到最右侧')).toBeInTheDocument();
    expect(server.requests.some((request) => request.url.endsWith('/send-sms-code'))).toBe(false);
  });

  it('shows the server message after a failed password login and resets the slider', async () => {
    server.routes.set('/to/api/base/system/auth/login', (_request, response) => sendJson(response, envelope(null, 1002000000, '登录失败，账号密码不正确')));
    renderForm('account');
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'zhang@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Wrong#123' } });
    drag('login-slider');
    await waitFor(() => expect(screen.getByTestId('login-slider').dataset.status).toBe('success'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    expect(await screen.findByText('登录失败，账号密码不正确')).toBeInTheDocument();
    expect(screen.getByTestId('login-slider').dataset.status).toBe('idle');
    const login = server.requests.find((request) => request.url.endsWith('/auth/login'))!;
    // The slider's ticket rides along: the server asks for it once the account has failed logins.
    expect(JSON.parse(login.body)).toEqual({ email: 'zhang@example.com', password: 'Wrong#123', userType: 2, ticket: 'ticket-1' });
  });
});
