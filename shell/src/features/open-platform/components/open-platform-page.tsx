import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Result, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ApiOutlined, CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { getToken, hasPermission, isBlocked } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { openLoginDialog } from '../../auth-bridge';
import {
  createOpenKey,
  KEY_MANAGE_PERMISSION,
  KEY_NAME_MAX,
  maskedKey,
  OPEN_LIBRARIES,
  openBase,
  openKeysQueryKey,
  revokeOpenKey,
  searchExample,
  useOpenKeys,
  usedToday,
  type CreatedOpenKey,
  type ExampleLanguage,
  type OpenKey,
  type OpenLibrary,
} from '../api/open-keys';

interface CreateValues {
  name: string;
  scopes: OpenLibrary[];
}

function formatTime(time: number | null | undefined): string {
  return time === null || time === undefined ? '—' : dayjs(time).format('YYYY-MM-DD HH:mm');
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The last days' requests as a row of small bars, scaled to the busiest day (title: date and count). */
function UsageBars({ usage }: { usage: OpenKey['usage'] }) {
  const busiest = Math.max(1, ...usage.map((day) => day.requests));
  return (
    <span aria-hidden style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 2, height: 18 }}>
      {usage.map((day) => (
        <span
          key={day.date}
          title={`${day.date}: ${day.requests}`}
          style={{
            width: 5,
            height: Math.max(2, Math.round((18 * day.requests) / busiest)),
            background: day.requests > 0 ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)',
          }}
        />
      ))}
    </span>
  );
}

/** The secret of a new key, shown once, with a copy button. */
function CreatedSecret({ created, onClose }: { created: CreatedOpenKey; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const copy = () =>
    navigator.clipboard
      .writeText(created.secret)
      .then(() => message.success(t('openPlatform.keys.copied')))
      .catch(() => message.error(t('openPlatform.keys.copyFailed')));
  return (
    <Modal
      open
      title={t('openPlatform.keys.createdTitle', { name: created.name })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('openPlatform.keys.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('openPlatform.keys.onceWarning')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={created.secret} data-testid="open-key-secret" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="open-key-copy">
            {t('openPlatform.keys.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">{t('openPlatform.keys.headerHint')}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** API 密钥: create (name + libraries; the secret once), the list with usage, revoke with confirm. */
function KeysCard() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const [created, setCreated] = useState<CreatedOpenKey>();
  const keys = useOpenKeys(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: openKeysQueryKey });
  const create = useMutation({
    mutationFn: (values: CreateValues) => createOpenKey({ name: values.name.trim(), scopes: values.scopes }),
    onSuccess: (answer) => {
      setCreated(answer);
      form.resetFields();
      void refresh();
    },
    onError: (error) => message.error(errorMessage(error, t('openPlatform.keys.createFailed'))),
  });
  const revoke = useMutation({
    mutationFn: revokeOpenKey,
    onSuccess: () => {
      message.success(t('openPlatform.keys.revoked'));
      void refresh();
    },
    onError: (error) => message.error(errorMessage(error, t('openPlatform.keys.revokeFailed'))),
  });

  return (
    <Card
      title={
        <Space>
          <KeyOutlined />
          {t('openPlatform.keys.title')}
        </Space>
      }
      data-testid="open-keys-card"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('openPlatform.keys.text')}</Typography.Text>
        <Form
          form={form}
          layout="inline"
          initialValues={{ scopes: ['component'] }}
          onFinish={(values) => create.mutate(values)}
          requiredMark={false}
          style={{ rowGap: 8 }}
        >
          <Form.Item
            name="name"
            rules={[
              { required: true, whitespace: true, message: t('openPlatform.keys.nameRequired') },
              { max: KEY_NAME_MAX, message: t('openPlatform.keys.nameMax') },
            ]}
          >
            <Input placeholder={t('openPlatform.keys.namePlaceholder')} maxLength={KEY_NAME_MAX} style={{ width: 200 }} data-testid="open-key-name" />
          </Form.Item>
          <Form.Item name="scopes" rules={[{ required: true, type: 'array', min: 1, message: t('openPlatform.keys.scopesRequired') }]}>
            <Checkbox.Group
              data-testid="open-key-scopes"
              options={OPEN_LIBRARIES.map((library) => ({ value: library, label: t(`openPlatform.libraries.${library}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="open-key-create">
            {t('openPlatform.keys.create')}
          </Button>
        </Form>
        {keys.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(keys.error, t('openPlatform.keys.loadFailed'))}
            action={
              <Button size="small" onClick={() => void keys.refetch()}>
                {t('openPlatform.keys.retry')}
              </Button>
            }
            data-testid="open-keys-error"
          />
        ) : (
          <Table<OpenKey>
            size="small"
            rowKey="id"
            loading={keys.isPending}
            dataSource={keys.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('openPlatform.keys.empty') }}
            data-testid="open-keys-table"
            onRow={(key) => ({ 'data-testid': `open-key-${key.id}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('openPlatform.keys.name'),
                dataIndex: 'name',
                render: (_, key) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{key.name}</Typography.Text>
                    <Typography.Text code>{maskedKey(key.prefix)}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('openPlatform.keys.scopes'),
                dataIndex: 'scopes',
                render: (scopes: string[]) => scopes.map((scope) => <Tag key={scope}>{t(`openPlatform.libraries.${scope}`)}</Tag>),
              },
              {
                title: t('openPlatform.keys.limits'),
                key: 'limits',
                render: (_, key) => t('openPlatform.keys.limitsValue', { perMinute: key.requestsPerMinute, perDay: key.requestsPerDay }),
              },
              {
                title: t('openPlatform.keys.today'),
                key: 'today',
                render: (_, key) => (
                  <Tooltip title={t('openPlatform.keys.weekHint')}>
                    <Space size={8} data-testid={`open-key-usage-${key.id}`}>
                      <UsageBars usage={key.usage} />
                      <span>
                        {usedToday(key)} / {key.requestsPerDay}
                      </span>
                    </Space>
                  </Tooltip>
                ),
              },
              { title: t('openPlatform.keys.lastUsed'), dataIndex: 'lastUsedTime', render: (time?: number | null) => formatTime(time) },
              { title: t('openPlatform.keys.created'), dataIndex: 'createTime', render: (time: number) => formatTime(time) },
              {
                title: t('openPlatform.keys.action'),
                key: 'action',
                render: (_, key) =>
                  key.revokedTime ? (
                    <Tag color="default">{t('openPlatform.keys.revokedTag')}</Tag>
                  ) : (
                    <Popconfirm title={t('openPlatform.keys.revokeConfirm', { name: key.name })} onConfirm={() => revoke.mutate(key.id)}>
                      <Button danger size="small" loading={revoke.isPending && revoke.variables === key.id} data-testid={`open-key-revoke-${key.id}`}>
                        {t('openPlatform.keys.revoke')}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        )}
      </Space>
      {created && <CreatedSecret created={created} onClose={() => setCreated(undefined)} />}
    </Card>
  );
}

const ENDPOINTS: { method: string; path: string; key: string }[] = [
  { method: 'GET', path: '/search?keyWords=&pageNo=&pageSize=', key: 'search' },
  { method: 'GET', path: '/es/keyword/suggest?keyword=&size=', key: 'suggest' },
  { method: 'GET', path: '/item/{id}', key: 'item' },
  { method: 'GET', path: '/item/compare?ids=1,2,3', key: 'compare' },
  { method: 'GET', path: '/item/{id}/download/{kind}', key: 'download' },
  { method: 'GET', path: '/category/tree', key: 'tree' },
  { method: 'GET', path: '/category/{code}/items?pageNo=&pageSize=', key: 'categoryItems' },
  { method: 'GET', path: '/category/counts', key: 'counts' },
  { method: 'GET', path: '/manufacturer/page?keyWords=', key: 'manufacturers' },
  { method: 'GET', path: '/manufacturer/{id}', key: 'manufacturer' },
];

/** How to call the API: bases, endpoints, headers, limits, examples in three languages. */
function GuideCard() {
  const { t } = useTranslation('shell');
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const origin = window.location.origin;
  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          {t('openPlatform.guide.title')}
        </Space>
      }
      data-testid="open-guide-card"
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('openPlatform.guide.text')}</Typography.Paragraph>
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{t('openPlatform.guide.bases')}</Typography.Text>
          {OPEN_LIBRARIES.map((library) => (
            <Typography.Text key={library} code copyable data-testid={`open-base-${library}`}>
              {openBase(origin, library)}
            </Typography.Text>
          ))}
        </Space>
        <Table
          size="small"
          rowKey="path"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={ENDPOINTS}
          columns={[
            { title: t('openPlatform.guide.method'), dataIndex: 'method', width: 80 },
            { title: t('openPlatform.guide.path'), dataIndex: 'path', render: (path: string) => <Typography.Text code>{path}</Typography.Text> },
            { title: t('openPlatform.guide.what'), dataIndex: 'key', render: (key: string) => t(`openPlatform.guide.endpoints.${key}`) },
          ]}
        />
        <Typography.Paragraph style={{ margin: 0 }}>{t('openPlatform.guide.headers')}</Typography.Paragraph>
        <Typography.Paragraph style={{ margin: 0 }}>{t('openPlatform.guide.limits')}</Typography.Paragraph>
        <Tabs
          activeKey={language}
          onChange={(key) => setLanguage(key as ExampleLanguage)}
          data-testid="open-examples"
          items={(['curl', 'python', 'javascript'] as const).map((key) => ({
            key,
            label: t(`openPlatform.guide.languages.${key}`),
            children: (
              <Typography.Paragraph copyable={{ text: searchExample(key, origin, 'component', 'LM358') }} style={{ margin: 0 }}>
                <pre data-testid={`open-example-${key}`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, margin: 0 }}>
                  {searchExample(key, origin, 'component', 'LM358')}
                </pre>
              </Typography.Paragraph>
            ),
          }))}
        />
        <Typography.Link href="/to/api/docs/" target="_blank" data-testid="open-openapi-link">
          {t('openPlatform.guide.openapi')}
        </Typography.Link>
      </Space>
    </Card>
  );
}

/** Who may manage keys: signed-in, not blocked (spec §4), holding `open:key:manage`. */
function KeysSection() {
  const { t } = useTranslation('shell');
  const user = useSession((state) => state.user);
  const permissions = useSession((state) => state.permissions);
  const isSetUser = useSession((state) => state.isSetUser);
  if (!getToken()) {
    return (
      <Card data-testid="open-keys-signed-out">
        <Result
          icon={<KeyOutlined />}
          title={t('openPlatform.signInTitle')}
          subTitle={t('openPlatform.signInText')}
          extra={
            <Button type="primary" onClick={() => void openLoginDialog()} data-testid="open-login">
              {t('openPlatform.signIn')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!isSetUser) return <Card loading />;
  if (isBlocked(user) || !hasPermission(permissions, KEY_MANAGE_PERMISSION)) {
    return <Alert type="warning" showIcon title={t('platform.blocked')} data-testid="open-keys-blocked" />;
  }
  return <KeysCard />;
}

/** `/open`: the open platform's developer page — API keys and how to call the API (issue 19). */
export default function OpenPlatformPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('openPlatform.title'));
  return (
    <div className="page-container open-platform-page" data-testid="open-platform-page">
      <Typography.Title level={3}>{t('openPlatform.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('openPlatform.intro')}</Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <KeysSection />
        <GuideCard />
      </Space>
    </div>
  );
}
