import { useEffect, useState } from 'react';
import { Alert, App, Avatar, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Result, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { navigateAcrossApps, useSession } from '@portal/providers';
import { getToken } from '@portal/session';
import { LIMITS, rules, validateUrl } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../i18n';
import { loadSignedInUser } from '../../auth/api/get-permission-info';
import { bindWechat, listSocialBindings, unbindWechat, WECHAT_SOCIAL_TYPE } from '../../auth/api/social';
import { WechatQrFrame, useWechatAuthMessage, errorText, openLoginDialog } from '../../auth';
import { AccessTokensCard } from './access-tokens-card';
import { accessTokensQueryKey } from '../api/access-tokens';
import { AvatarUpload } from './avatar-upload';
import { MyFilesCard } from './my-files-card';
import { changePassword, profileQueryOptions, revokeOtherSessions, updateProfile, type ProfileUpdate } from '../api/profile';

const ORG_NAME_MAX = 100;

/**
 * The avatar is an image address (http(s) URL or a site path): the accounts service stores addresses.
 * An uploaded image is stored as its file-service path (/to/api/base/file/content/get/{id}).
 */
export function avatarAddressProblem(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text || text.startsWith('/')) return /\s/.test(text) ? 'invalid' : undefined;
  return validateUrl(text) || !/^https?:\/\//i.test(text) ? 'invalid' : undefined;
}

function ProfileCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueryOptions());
  const [form] = Form.useForm<ProfileUpdate>();
  const avatar = Form.useWatch('avatar', form);
  useEffect(() => {
    if (profile.data) {
      form.setFieldsValue({ nickname: profile.data.nickname ?? '', orgName: profile.data.orgName ?? '', avatar: profile.data.avatar ?? '' });
    }
  }, [profile.data, form]);
  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: async () => {
      message.success(t('profile.saved'));
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
      await loadSignedInUser().catch(() => undefined);
    },
    onError: (error) => message.error(errorText(error, t('profile.saveFailed'))),
  });
  if (profile.isError) return <Alert type="error" showIcon title={profile.error.message} />;
  const user = profile.data;
  const preview = avatar && !avatarAddressProblem(avatar) ? avatar.trim() : undefined;
  return (
    <Card title={t('profile.title')} loading={profile.isPending} data-testid="profile-card">
      {user && (
        <Descriptions column={2} size="small" className="auth-profile-facts">
          <Descriptions.Item label={t('profile.username')}>{user.username || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.email')}>{user.email || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.mobile')}>{user.mobile || '-'}</Descriptions.Item>
        </Descriptions>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate({ nickname: values.nickname?.trim(), orgName: values.orgName?.trim() ?? '', avatar: values.avatar?.trim() ?? '' })}
        style={{ maxWidth: 480 }}
      >
        <Form.Item label={t('profile.avatar')} required={false}>
          <Space size={16} align="start" style={{ width: '100%' }}>
            <Avatar size={64} src={preview} icon={<UserOutlined />} data-testid="profile-avatar" />
            <Form.Item
              name="avatar"
              noStyle
              rules={[
                { validator: (_rule, value) => (avatarAddressProblem(value) ? Promise.reject(new Error(t('profile.avatarInvalid'))) : Promise.resolve()) },
              ]}
            >
              <Input placeholder={t('profile.avatarPlaceholder')} maxLength={LIMITS.url} style={{ width: 360 }} data-testid="profile-avatar-url" />
            </Form.Item>
            <AvatarUpload onUploaded={(url) => form.setFieldsValue({ avatar: url })} />
          </Space>
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('profile.nickname')}
          rules={[{ required: true, whitespace: true, message: t('profile.nicknameRequired') }, ...rules.nickname()]}
        >
          <Input maxLength={LIMITS.nickname} data-testid="profile-nickname" />
        </Form.Item>
        <Form.Item name="orgName" label={t('profile.orgName')} rules={[{ max: ORG_NAME_MAX, message: t('profile.orgNameMax') }]}>
          <Input maxLength={ORG_NAME_MAX} data-testid="profile-org" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPwd: string;
}

function PasswordCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) => changePassword({ oldPassword: values.oldPassword, newPassword: values.password }),
    onSuccess: () => {
      message.success(t('forgot.done'));
      form.resetFields();
      // The server revoked every access token with the old password.
      void queryClient.invalidateQueries({ queryKey: accessTokensQueryKey });
    },
    onError: (error) => message.error(errorText(error, t('forgot.failed'))),
  });
  return (
    <Card title={t('password.title')} data-testid="password-card">
      <Typography.Paragraph type="secondary" data-testid="password-revokes-tokens">
        {t('password.revokesTokens')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => change.mutate(values)} style={{ maxWidth: 480 }} requiredMark={false}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={rules.password({ login: true }).slice(0, 1)}>
          <Input.Password prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.newPassword')} rules={rules.password()} validateFirst>
          <Input.Password prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item name="confirmPwd" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirmPassword('password')} validateFirst>
          <Input.Password prefix={<LockOutlined />} maxLength={LIMITS.passwordMax} autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
          {t('password.save')}
        </Button>
      </Form>
    </Card>
  );
}

function WechatCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const bindings = useQuery({ queryKey: ['auth', 'social'], queryFn: listSocialBindings });
  const [binding, setBinding] = useState(false);
  const wechat = bindings.data?.find((entry) => entry.type === WECHAT_SOCIAL_TYPE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['auth', 'social'] });

  // Spec §4: band → user info refreshed, then bound; 绑定成功; any failure still returns to the centre.
  useWechatAuthMessage(binding, (scan) => {
    loadSignedInUser()
      .then((info) => bindWechat({ username: info.user.username ?? '', code: scan.code }))
      .then(() => message.success(t('wechat.bound')))
      .catch((error: unknown) => message.error(errorText(error, t('wechat.bindFailed'))))
      .finally(() => {
        setBinding(false);
        void refresh();
        navigateAcrossApps(pathname.startsWith('/personalCenter') ? '/personalCenter/myInfo' : '/user', { replace: true });
      });
  });

  const unbind = useMutation({
    mutationFn: unbindWechat,
    onSuccess: () => {
      message.success(t('wechat.unbound'));
      void refresh();
    },
    onError: (error) => message.error(errorText(error, t('wechat.unbindFailed'))),
  });

  return (
    <Card title={t('wechat.bindingTitle')} loading={bindings.isPending} data-testid="wechat-card">
      {bindings.isError ? (
        <Alert type="error" showIcon title={bindings.error.message} />
      ) : wechat ? (
        <Space size={16} wrap>
          <WechatOutlined className="auth-wechat-small" />
          <Typography.Text data-testid="wechat-bound">{t('wechat.boundAs', { name: wechat.nickname })}</Typography.Text>
          <Popconfirm title={t('wechat.unbindConfirm')} onConfirm={() => unbind.mutate()}>
            <Button danger loading={unbind.isPending} data-testid="wechat-unbind">
              {t('wechat.unbind')}
            </Button>
          </Popconfirm>
        </Space>
      ) : (
        <Space size={16} wrap>
          <Typography.Text type="secondary">{t('wechat.notBound')}</Typography.Text>
          <Button icon={<WechatOutlined />} onClick={() => setBinding(true)} data-testid="wechat-bind">
            {t('wechat.bind')}
          </Button>
        </Space>
      )}
      <Modal open={binding} onCancel={() => setBinding(false)} footer={null} title={t('wechat.bindTitle')} destroyOnHidden centered width={380}>
        <div className="auth-wechat-panel">
          <WechatQrFrame scanType="band" redirect={pathname} />
        </div>
      </Modal>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const revoke = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (count) => message.success(t('sessions.revoked', { count: Number(count) || 0 })),
    onError: (error) => message.error(errorText(error, t('sessions.failed'))),
  });
  return (
    <Card title={t('sessions.title')} data-testid="sessions-card">
      <Space orientation="vertical">
        <Typography.Text type="secondary">{t('sessions.text')}</Typography.Text>
        <Popconfirm title={t('sessions.confirm')} onConfirm={() => revoke.mutate()}>
          <Button loading={revoke.isPending} data-testid="sessions-revoke">
            {t('sessions.revoke')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

/** /user and /personalCenter/myInfo: profile, files, KiCad access tokens, password, WeChat binding, other sessions. */
export function PersonalCenter() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const user = useSession((state) => state.user);
  if (!user && !getToken()) {
    return (
      <Result
        status="403"
        title={t('personal.signInTitle')}
        subTitle={t('personal.signInText')}
        extra={
          <Button type="primary" onClick={() => openLoginDialog()} data-testid="personal-login">
            {t('entry.login')}
          </Button>
        }
        data-testid="personal-center-signed-out"
      />
    );
  }
  return (
    <div className="auth-personal-center" data-testid="personal-center">
      <Typography.Title level={3}>{t('personal.title')}</Typography.Title>
      <div className="auth-personal-grid">
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ProfileCard />
          <MyFilesCard />
          <AccessTokensCard />
        </Space>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <PasswordCard />
          <WechatCard />
          <SessionsCard />
        </Space>
      </div>
    </div>
  );
}
