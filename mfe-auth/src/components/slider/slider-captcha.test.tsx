import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { resetHttpState } from '@portal/http';
import { envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { AppProviders } from '@portal/providers';
import { registerAuthMessages } from '../../i18n';
import { SLIDER_HANDLE, SliderCaptcha, type SliderCaptchaHandle } from './slider-captcha';

registerAuthMessages();

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setPageUrl(`${server.origin}/`);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.routes.clear();
  resetHttpState();
  server.routes.set('/to/api/base/system/captcha/slider/challenge', (_request, response) =>
    sendJson(response, envelope({ challengeId: 'c-1', trackWidth: 320, handleWidth: 60, expiresIn: 120 })),
  );
});

function drag(handle: HTMLElement, to: number) {
  fireEvent.pointerDown(handle, { clientX: 10, clientY: 5, pointerId: 1 });
  for (let x = 10; x <= 10 + to; x += 20) fireEvent.pointerMove(handle, { clientX: x, clientY: 6, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 10 + to, clientY: 6, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 10 + to, clientY: 6, pointerId: 1 });
}

describe('SliderCaptcha', () => {
  it('sizes the track and handle as the spec says', () => {
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="login" width={330} />
      </AppProviders>,
    );
    const slider = screen.getByTestId('slider');
    expect(slider.style.width).toBe('330px');
    expect(slider.style.height).toBe('40px');
    expect(screen.getByTestId('slider-handle').style.width).toBe(`${SLIDER_HANDLE}px`);
    expect(slider.dataset.status).toBe('idle');
  });

  it('sends the recorded track to the server at the right end and hands back the ticket', async () => {
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 't-42', expiresIn: 300 })));
    const onChange = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="sms" onChange={onChange} />
      </AppProviders>,
    );
    drag(screen.getByTestId('slider-handle'), 320 - SLIDER_HANDLE);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('t-42'));
    expect(screen.getByTestId('slider').dataset.status).toBe('success');
    // (A slider of an earlier test may still be fetching its own challenge.)
    const challenges = server.requests.filter((request) => request.url.endsWith('/challenge')).map((request) => JSON.parse(request.body));
    expect(challenges).toContainEqual({ scene: 'sms' });
    const verify = JSON.parse(server.requests.find((request) => request.url.endsWith('/verify'))!.body);
    expect(verify.challengeId).toBe('c-1');
    // Travel 260 px under the server's 60 px handle.
    expect(verify.trackWidth).toBe(320);
    expect(verify.track[0]).toEqual({ x: 0, y: 0, t: 0 });
    expect(verify.track.at(-1).x).toBe(320 - SLIDER_HANDLE);
    expect(verify.track.length).toBeGreaterThan(5);
  });

  it('fetches its challenge while idle, so the drag does not wait for it, and a fresh one after a reset', async () => {
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 't-9', expiresIn: 300 })));
    const ref = createRef<SliderCaptchaHandle>();
    const onChange = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="email" ref={ref} onChange={onChange} />
      </AppProviders>,
    );
    const challenges = () => server.requests.filter((request) => request.url.endsWith('/challenge') && request.body.includes('email')).length;
    await waitFor(() => expect(challenges()).toBe(1));
    drag(screen.getByTestId('slider-handle'), 320 - SLIDER_HANDLE);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('t-9'));
    expect(challenges()).toBe(1);
    act(() => ref.current!.reset());
    await waitFor(() => expect(challenges()).toBe(2));
  });

  it("reports the track for the server's handle width so the travel to the right end matches", async () => {
    server.routes.set('/to/api/base/system/captcha/slider/challenge', (_request, response) =>
      sendJson(response, envelope({ challengeId: 'c-2', trackWidth: 340, handleWidth: 40, expiresIn: 120 })),
    );
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 't-7', expiresIn: 300 })));
    const onChange = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="login" width={330} onChange={onChange} />
      </AppProviders>,
    );
    drag(screen.getByTestId('slider-handle'), 330 - SLIDER_HANDLE);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('t-7'));
    const verify = JSON.parse(server.requests.find((request) => request.url.endsWith('/verify'))!.body);
    expect(verify.trackWidth).toBe(330 - SLIDER_HANDLE + 40);
    expect(verify.track.at(-1).x).toBe(verify.trackWidth - 40);
  });

  it('resets on an early drop without asking for a verification', async () => {
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 't-3', expiresIn: 300 })));
    const onChange = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="login" onChange={onChange} />
      </AppProviders>,
    );
    drag(screen.getByTestId('slider-handle'), 120);
    expect(screen.getByTestId('slider').dataset.status).toBe('idle');
    expect(screen.getByTestId('slider').getAttribute('aria-valuenow')).toBe('0');
    expect(onChange).not.toHaveBeenCalled();
    // Instead of waiting a while for nothing: a full drag afterwards. A verification the early drop
    // had started would wait for the earlier challenge and so reach the server before this one's.
    drag(screen.getByTestId('slider-handle'), 320 - SLIDER_HANDLE);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('t-3'));
    const verifications = server.requests.filter((request) => request.url.endsWith('/verify'));
    expect(verifications).toHaveLength(1);
    expect(JSON.parse(verifications[0]!.body).track.at(-1).x).toBeGreaterThan(120);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('resets and shows the server message when the track is refused', async () => {
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) =>
      sendJson(response, envelope(null, 1002014010, '滑块验证失败，请重试')),
    );
    const onFail = vi.fn();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="login" onFail={onFail} />
      </AppProviders>,
    );
    drag(screen.getByTestId('slider-handle'), 320 - SLIDER_HANDLE);
    await waitFor(() => expect(onFail).toHaveBeenCalledWith('滑块验证失败，请重试'));
    expect(screen.getByTestId('slider').dataset.status).toBe('idle');
    expect(screen.getByText('滑块验证失败，请重试')).toBeInTheDocument();
  });

  it('can be reset from outside', async () => {
    server.routes.set('/to/api/base/system/captcha/slider/verify', (_request, response) => sendJson(response, envelope({ ticket: 't-1', expiresIn: 300 })));
    const ref = createRef<SliderCaptchaHandle>();
    render(
      <AppProviders withRouter={false}>
        <SliderCaptcha scene="login" ref={ref} />
      </AppProviders>,
    );
    drag(screen.getByTestId('slider-handle'), 320 - SLIDER_HANDLE);
    await waitFor(() => expect(screen.getByTestId('slider').dataset.status).toBe('success'));
    act(() => ref.current!.reset());
    expect(screen.getByTestId('slider').dataset.status).toBe('idle');
  });
});
