import { fireEvent, render, screen } from '@testing-library/react';
import { resetHttpState } from '@portal/http';
import { AppProviders, queryClient } from '@portal/providers';
import { clearAllCookies, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerAuthMessages } from '../../../../i18n';
import { WechatQrFrame } from './wechat-qr-panel';

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
  queryClient.clear();
  server.routes.clear();
});

function answerSocialConfig(body: unknown) {
  server.routes.set('/to/api/base/system/auth/social-config', (_request, response) => sendJson(response, body));
}

const FEATURE_OFF = { code: 501, msg: '功能未实现/未开启', data: null };

describe('WechatQrFrame (issue 12: no raw server text)', () => {
  it('says in plain words that WeChat sign-in is off and offers the account tab', async () => {
    answerSocialConfig(FEATURE_OFF);
    const onUseAccount = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <WechatQrFrame scanType="login" onUseAccount={onUseAccount} />
      </AppProviders>,
    );
    const notice = await screen.findByTestId('wechat-off');
    expect(notice).toHaveTextContent('本站暂未开通微信扫码登录');
    expect(notice).toHaveTextContent('请使用账号密码或手机验证码登录。');
    expect(notice).not.toHaveTextContent('功能未实现');
    fireEvent.click(screen.getByTestId('wechat-use-account'));
    expect(onUseAccount).toHaveBeenCalledTimes(1);
  });

  it('explains the bind dialog in plain words too, without a retry', async () => {
    answerSocialConfig(FEATURE_OFF);
    render(
      <AppProviders withRouter={false}>
        <WechatQrFrame scanType="band" />
      </AppProviders>,
    );
    const notice = await screen.findByTestId('wechat-off');
    expect(notice).toHaveTextContent('本站暂未开通微信登录');
    expect(notice).not.toHaveTextContent('功能未实现');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('another failure says WeChat is unavailable for now, with a retry, and no server text', async () => {
    answerSocialConfig({ code: 500, msg: 'redis: connection refused', data: null });
    render(
      <AppProviders withRouter={false}>
        <WechatQrFrame scanType="login" />
      </AppProviders>,
    );
    const notice = await screen.findByTestId('wechat-unavailable');
    expect(notice).toHaveTextContent('微信登录暂时不可用');
    expect(notice).not.toHaveTextContent('redis');
    answerSocialConfig(envelope({ appId: 'wx1', redirectUri: '/sso', qrConnectUrl: '/connect/qrconnect', state: 's1' }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('wechat-frame')).toBeInTheDocument();
  });
});
