import { Card, Layout, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { AUTH_NAMESPACE } from '../i18n';
import { AuthEntry } from '../features/auth/components/auth-entry';
import { LoginDialog } from '../features/auth/components/login-dialog';
import { PersonalCenter } from '../features/profile/components/personal-center';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SsoPage } from './sso-page';
import { WechatRegisterPage } from './wechat-register-page';

const PAGES = ['/', '/login', '/register', '/sso', '/wechatregister', '/plugin/wechatregister', '/user'];

/**
 * What mfe-auth's dev server shows when opened on its own (port 3001): the header entry, the dialogs
 * and every exposed page on the routes the shell gives them, so the accounts team can work without the shell.
 */
export function AuthPlaygroundPage() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', background: '#fff', borderBottom: '1px solid #e5e7eb' }}>
        <Typography.Text strong>{t('playground.title')}</Typography.Text>
        <Menu
          mode="horizontal"
          selectedKeys={[pathname]}
          items={PAGES.map((path) => ({ key: path, label: path }))}
          onClick={({ key }) => navigate(key)}
          style={{ flex: 1, justifyContent: 'center', borderBottom: 'none' }}
        />
        <AuthEntry />
      </Layout.Header>
      <Layout.Content style={{ padding: 32 }}>
        <Routes>
          <Route
            index
            element={
              <Card title={t('playground.title')}>
                <Typography.Paragraph>{t('playground.text')}</Typography.Paragraph>
              </Card>
            }
          />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="sso" element={<SsoPage />} />
          <Route path="wechatregister" element={<WechatRegisterPage />} />
          <Route path="plugin/wechatregister" element={<WechatRegisterPage />} />
          <Route path="plugin/login" element={<LoginPage />} />
          <Route path="user" element={<PersonalCenter />} />
          <Route path="personalCenter/myInfo" element={<PersonalCenter />} />
        </Routes>
      </Layout.Content>
      <LoginDialog />
    </Layout>
  );
}
