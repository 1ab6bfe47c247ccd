import { act, render, screen } from '@testing-library/react';
import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { sessionStore } from '@portal/session';
import { AppProviders } from './app-providers';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY, registerMessages } from './i18n/i18n';
import { useSession } from './session';

registerMessages('providers-test', {
  'zh-CN': { greeting: '你好，工程师' },
  'en-US': { greeting: 'Hello, engineer' },
});

function Greeting() {
  const { t } = useTranslation('providers-test');
  return <p>{t('greeting')}</p>;
}

/** antd's Empty takes its description from the ConfigProvider locale. */
function emptyDescription(): string | null {
  return document.querySelector('.ant-empty-description')?.textContent ?? null;
}

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function UserName() {
  const nickname = useSession((state) => (state.user as { nickname?: string } | null)?.nickname ?? 'anonymous');
  const isSetUser = useSession().isSetUser;
  return (
    <p>
      {nickname} / {isSetUser ? 'loaded' : 'not-loaded'}
    </p>
  );
}

afterEach(async () => {
  await act(() => changeLanguage('zh-CN'));
  window.history.replaceState(null, '', '/');
});

function BackgroundColour() {
  return <p data-testid="background">{theme.useToken().token.colorBgContainer}</p>;
}

describe('AppProviders', () => {
  it('follows the dark plugin theme the shell marks on <html>, also when it changes later', async () => {
    render(
      <AppProviders withRouter={false}>
        <BackgroundColour />
      </AppProviders>,
    );
    const light = screen.getByTestId('background').textContent;
    document.documentElement.dataset.plugin = 'dark';
    // The MutationObserver reports asynchronously.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const dark = screen.getByTestId('background').textContent;
    expect(dark).not.toBe(light);
    document.documentElement.dataset.plugin = '';
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByTestId('background').textContent).toBe(light);
  });

  it('renders children with the zh_CN antd locale and Chinese strings by default', () => {
    render(
      <AppProviders withRouter={false}>
        <Greeting />
        <Empty />
      </AppProviders>,
    );
    expect(screen.getByText('你好，工程师')).toBeInTheDocument();
    expect(emptyDescription()).toBe('暂无数据');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('switches every string and the antd locale to English, and remembers the choice', async () => {
    render(
      <AppProviders withRouter={false}>
        <Greeting />
        <Empty />
      </AppProviders>,
    );
    await act(() => changeLanguage('en-US'));
    expect(screen.getByText('Hello, engineer')).toBeInTheDocument();
    expect(emptyDescription()).toBe('No data');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');

    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByText('你好，工程师')).toBeInTheDocument();
    expect(emptyDescription()).toBe('暂无数据');
  });

  it('mounts a router under the given basename', () => {
    window.history.replaceState(null, '', '/part/search?keyWords=M6');
    render(
      <AppProviders basename="/part">
        <WhereAmI />
      </AppProviders>,
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
  });

  it('re-renders useSession consumers when the session store changes', () => {
    const initial = sessionStore.getState();
    render(
      <AppProviders withRouter={false}>
        <UserName />
      </AppProviders>,
    );
    expect(screen.getByText('anonymous / not-loaded')).toBeInTheDocument();

    act(() => {
      sessionStore.setState({ ...initial, user: { ...(initial.user ?? {}), nickname: '张工' } as typeof initial.user, isSetUser: true });
    });
    expect(screen.getByText('张工 / loaded')).toBeInTheDocument();

    act(() => {
      sessionStore.setState(initial);
    });
    expect(screen.getByText('anonymous / not-loaded')).toBeInTheDocument();
  });
});
