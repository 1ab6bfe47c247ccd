import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../../../i18n';
import { errorText } from '../../auth';
import {
  accessTokensQueryKey,
  createAccessToken,
  httplibTokenLine,
  KICAD_HTTPLIB_URL,
  listAccessTokens,
  maskedSecret,
  revokeAccessToken,
  tokenExpiry,
  TOKEN_LIFETIMES,
  TOKEN_NAME_MAX,
  type AccessToken,
  type CreatedAccessToken,
} from '../api/access-tokens';

/** The anchor the download page links to (`/personalCenter/myInfo#access-tokens`). */
export const ACCESS_TOKENS_ANCHOR = 'access-tokens';

interface CreateValues {
  name: string;
  /** Days, or 0 for never (Select values cannot be null). */
  lifetime: number;
}

function formatTime(time: number): string {
  return new Date(time).toLocaleString();
}

function TokenRow({ token, onRevoke, revoking }: { token: AccessToken; onRevoke: () => void; revoking: boolean }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const expiry = tokenExpiry(token, Date.now());
  return (
    <List.Item
      data-testid={`access-token-${token.id}`}
      actions={[
        <Popconfirm key="revoke" title={t('accessTokens.revokeConfirm', { name: token.name })} onConfirm={onRevoke}>
          <Button danger size="small" loading={revoking} data-testid={`access-token-revoke-${token.id}`}>
            {t('accessTokens.revoke')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space size={8} wrap>
            <Typography.Text strong>{token.name}</Typography.Text>
            <Typography.Text code>{maskedSecret(token.prefix)}</Typography.Text>
            {expiry.kind === 'expired' && <Tag color="red">{t('accessTokens.expired')}</Tag>}
          </Space>
        }
        description={
          <Space size={16} wrap>
            <span>{t('accessTokens.created', { time: formatTime(token.createTime) })}</span>
            <span>
              {token.lastUsedTime === null || token.lastUsedTime === undefined
                ? t('accessTokens.neverUsed')
                : t('accessTokens.lastUsed', { time: formatTime(token.lastUsedTime) })}
            </span>
            <span>
              {expiry.kind === 'never'
                ? t('accessTokens.neverExpires')
                : expiry.kind === 'expired'
                  ? t('accessTokens.expiredAt', { time: formatTime(token.expiresTime ?? 0) })
                  : t('accessTokens.expiresAt', { time: formatTime(expiry.time) })}
            </span>
          </Space>
        }
      />
    </List.Item>
  );
}

/** The secret of a new token, shown once, with a copy button and where to paste it in KiCad. */
function CreatedSecret({ created, onClose }: { created: CreatedAccessToken; onClose: () => void }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const copy = () =>
    navigator.clipboard
      .writeText(created.secret)
      .then(() => message.success(t('accessTokens.copied')))
      .catch(() => message.error(t('accessTokens.copyFailed')));
  return (
    <Modal
      open
      title={t('accessTokens.createdTitle', { name: created.name })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('accessTokens.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('accessTokens.onceWarning')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={created.secret} data-testid="access-token-secret" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="access-token-copy">
            {t('accessTokens.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">{t('accessTokens.kicadHint')}</Typography.Text>
        <Typography.Text code>{httplibTokenLine(created.secret)}</Typography.Text>
        <Typography.Link href={KICAD_HTTPLIB_URL} data-testid="access-token-httplib">
          {t('accessTokens.downloadHttplib')}
        </Typography.Link>
      </Space>
    </Modal>
  );
}

/** KiCad 访问令牌: list, create (name + lifetime; the secret once), revoke with confirm. */
export function AccessTokensCard() {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const [created, setCreated] = useState<CreatedAccessToken>();
  const tokens = useQuery({ queryKey: accessTokensQueryKey, queryFn: listAccessTokens });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey });
  const create = useMutation({
    mutationFn: (values: CreateValues) => createAccessToken({ name: values.name.trim(), expiresInDays: values.lifetime || null }),
    onSuccess: (answer) => {
      setCreated(answer);
      form.resetFields();
      void refresh();
    },
    onError: (error) => message.error(errorText(error, t('accessTokens.createFailed'))),
  });
  const revoke = useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => {
      message.success(t('accessTokens.revoked'));
      void refresh();
    },
    onError: (error) => message.error(errorText(error, t('accessTokens.revokeFailed'))),
  });

  return (
    <Card
      id={ACCESS_TOKENS_ANCHOR}
      title={
        <Space>
          <KeyOutlined />
          {t('accessTokens.title')}
        </Space>
      }
      data-testid="access-tokens-card"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('accessTokens.text')}</Typography.Text>
        <Form form={form} layout="inline" initialValues={{ lifetime: 90 }} onFinish={(values) => create.mutate(values)} requiredMark={false}>
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t('accessTokens.nameRequired') },
              { max: TOKEN_NAME_MAX, message: t('accessTokens.nameMax') },
            ]}
          >
            <Input placeholder={t('accessTokens.namePlaceholder')} maxLength={TOKEN_NAME_MAX} style={{ width: 200 }} data-testid="access-token-name" />
          </Form.Item>
          <Form.Item name="lifetime">
            <Select
              style={{ width: 140 }}
              data-testid="access-token-lifetime"
              aria-label={t('accessTokens.lifetime')}
              options={TOKEN_LIFETIMES.map((days) => ({
                value: days ?? 0,
                label: days === null ? t('accessTokens.never') : t('accessTokens.days', { count: days }),
              }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="access-token-create">
            {t('accessTokens.create')}
          </Button>
        </Form>
        {tokens.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('accessTokens.loadFailed')}
            action={
              <Button size="small" onClick={() => void tokens.refetch()}>
                {t('accessTokens.retry')}
              </Button>
            }
            data-testid="access-tokens-error"
          />
        ) : (
          <List
            size="small"
            loading={tokens.isPending}
            locale={{ emptyText: t('accessTokens.empty') }}
            dataSource={tokens.data ?? []}
            data-testid="access-tokens-list"
            renderItem={(token) => (
              <TokenRow key={token.id} token={token} revoking={revoke.isPending && revoke.variables === token.id} onRevoke={() => revoke.mutate(token.id)} />
            )}
          />
        )}
      </Space>
      {created && <CreatedSecret created={created} onClose={() => setCreated(undefined)} />}
    </Card>
  );
}
