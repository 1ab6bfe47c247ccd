import { test, expect, type Page } from '@playwright/test';
import { dragSlider } from './support/slider';
import { createServer, type Server } from 'node:http';

// WeChat QR login through a local stand-in for WeChat (its QR-connect page and its sns API):
// scan → unknown account (199999) → /wechatregister → register binds the WeChat account → the next
// scan signs straight in; the personal centre shows the binding and unbinds it.
// e2e/playwright.config.ts starts every portal under test with the stand-in configured
// (PORTAL_ACCOUNTS__WECHAT__*); without that configuration the journey fails rather than skips.

const standInPort = Number(process.env.E2E_WECHAT_STANDIN_PORT ?? 18395);
const configured = Boolean(process.env.PORTAL_ACCOUNTS__WECHAT__APP_ID && process.env.PORTAL_ACCOUNTS__WECHAT__API_BASE);
const PASSWORD = 'Portal#2026';

/** Which WeChat user the next scan is: the stand-in's code carries it to the token exchange. */
let scanningUser = '';
let standIn: Server | undefined;

function html(body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>WeChat stand-in</title></head><body style="margin:0;font:14px sans-serif;text-align:center">${body}</body></html>`;
}

test.beforeAll(async () => {
  if (!configured) return;
  standIn = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${standInPort}`);
    const json = (body: unknown) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/qrconnect') {
      // What WeChat does once the phone confirms: back to redirect_uri with code and state.
      const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      // The handler exists before the button does (inline attribute), so a click can never land
      // between the button's parsing and a later script's.
      const script = `function confirmScan() {
        var back = new URL(${JSON.stringify(back.toString())});
        back.searchParams.set('code', 'code-' + document.getElementById('who').value);
        location.href = back.toString();
      }`;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        html(`<script>${script}</script><div style="width:180px;height:180px;margin:24px auto 8px;background:repeating-linear-gradient(45deg,#111 0 9px,#fff 9px 18px)"></div>
          <input id="who" value="${scanningUser}" style="width:160px"><br><button id="scan" onclick="confirmScan()" style="margin-top:8px">模拟扫码确认</button>`),
      );
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const who = (url.searchParams.get('code') ?? '').replace(/^code-/, '');
      json({ access_token: `token-${who}`, expires_in: 7200, openid: `openid-${who}`, scope: 'snsapi_login' });
      return;
    }
    if (url.pathname === '/sns/userinfo') {
      json({ openid: url.searchParams.get('openid'), nickname: '微信用户', headimgurl: '' });
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => standIn!.listen(standInPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  if (!standIn) return;
  // The portal keeps its connections to the stand-in alive; close them so the server can stop.
  standIn.closeAllConnections();
  await new Promise<void>((resolve) => standIn!.close(() => resolve()));
});

async function scanInDialog(page: Page, who: string) {
  scanningUser = who;
  await page.getByTestId('login-button').click();
  await page.getByRole('tab', { name: '微信登录' }).click();
  const frame = page.frameLocator('[data-testid="wechat-frame"]');
  await frame.locator('#who').fill(who);
  await frame.locator('#scan').click();
}

test.describe('WeChat QR login', () => {
  // A journey that silently skips checks nothing: without the stand-in configuration this fails.
  test.beforeAll(() => {
    if (!configured) throw new Error('the portal under test needs the WeChat stand-in configuration (e2e/playwright.config.ts)');
  });
  test.describe.configure({ timeout: 120_000 });

  test('unknown WeChat account registers, is bound, then signs straight in; unbind in the personal centre', async ({ page, request }) => {
    const who = `e2e${Date.now().toString(36)}`;
    const email = `e2e-wechat-${who}@example.com`;
    await page.goto('/');
    await scanInDialog(page, who);
    // 199999 → the WeChat registration page with the openId.
    await expect(page).toHaveURL(/\/wechatregister\?openId=openid-/);
    await expect(page.getByTestId('wechat-register-page')).toBeVisible();
    await page.getByTestId('register-username').fill(email);
    await dragSlider(page, 'register-slider');
    await page.getByTestId('register-get-code').click();
    let code = '';
    await expect
      .poll(async () => {
        const body = (await (await request.get(`/to/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { code: string }[] };
        code = body.data?.[0]?.code ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-nickname').fill('微信工程师');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-form').getByTestId('agreement-checkbox').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('auth-user')).toContainText('微信工程师');

    await page.goto('/user');
    await expect(page.getByTestId('wechat-bound')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wechat-bound.png'), fullPage: true });

    // Signed out, the same WeChat account now signs straight in.
    await page.getByTestId('auth-user').hover();
    // The hover menu animates in and out; a pointer click can land while it moves (seen on a loaded CI
    // machine). Once the item is shown, deliver the click to it directly.
    await expect(page.getByTestId('logout')).toBeVisible();
    await page.getByTestId('logout').dispatchEvent('click');
    await expect(page.getByTestId('login-button')).toBeVisible();
    await scanInDialog(page, who);
    await expect(page.getByTestId('auth-user')).toContainText('微信工程师');

    await page.goto('/user');
    await page.getByTestId('wechat-unbind').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByTestId('wechat-bind')).toBeVisible();

    // Binding again from the personal centre: the scan comes back as scan_type band.
    scanningUser = who;
    await page.getByTestId('wechat-bind').click();
    const frame = page.frameLocator('[data-testid="wechat-frame"]');
    await frame.locator('#who').fill(who);
    await frame.locator('#scan').click();
    await expect(page.getByText('绑定成功')).toBeVisible();
    await expect(page.getByTestId('wechat-bound')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);
  });
});
