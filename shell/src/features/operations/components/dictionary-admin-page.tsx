import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Empty, Form, Input, InputNumber, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { DICT_QUERY_PERMISSION, DICT_UPDATE_PERMISSION, useDictEntries, useUpdateDictValue, valueRuleOf, type DictEntry } from '../api/dictionary-admin';
import { formatTime } from './format';
import { useFailureMessage } from './operations-list';
import { OperatorGate } from './operator-gate';

/** An entry's meaning: translated for the portal's own settings, the stored remark otherwise. */
function useEntryMeaning() {
  const { t } = useTranslation('shell');
  return (entry: DictEntry) => t(`operations.dictionary.labels.${entry.label}`, { defaultValue: entry.remark ?? entry.label });
}

function EntryValue({ entry }: { entry: DictEntry }) {
  const { t } = useTranslation('shell');
  const rule = valueRuleOf(entry);
  if (rule.kind === 'minutes') return <>{t('operations.dictionary.minutes', { count: Number(entry.value) })}</>;
  if (entry.value === '') return <Typography.Text type="secondary">{t('operations.dictionary.emptyValue')}</Typography.Text>;
  return <span style={{ wordBreak: 'break-all' }}>{entry.value}</span>;
}

/** Edits one value with the control its meaning asks for; the server's refusal shows under the field. */
function ValueFormModal({ entry, onClose }: { entry: DictEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const meaning = useEntryMeaning();
  const [form] = Form.useForm<{ value: string | number | null }>();
  const update = useUpdateDictValue();
  const rule = entry ? valueRuleOf(entry) : undefined;

  const submit = ({ value }: { value: string | number | null }) =>
    entry &&
    update.mutateAsync({ id: entry.id, value: String(value ?? '') }).then(
      () => {
        void message.success(t('operations.dictionary.savedToast'));
        onClose();
      },
      (error: unknown) => (isPortalError(error) ? form.setFields([{ name: 'value', errors: [error.message] }]) : fail(error)),
    );

  return (
    <Modal
      open={entry !== undefined}
      title={entry ? t('operations.dictionary.editTitle', { name: meaning(entry) }) : undefined}
      okText={t('operations.dictionary.save')}
      cancelText={t('operations.dictionary.cancel')}
      okButtonProps={{ loading: update.isPending, 'data-testid': 'dict-form-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="dict-form"
    >
      {entry && rule && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ value: rule.kind === 'minutes' ? Number(entry.value) : entry.value }}
          onFinish={(values) => void submit(values)}
        >
          <Typography.Paragraph type="secondary">
            <code>
              {entry.dictType} / {entry.label}
            </code>
          </Typography.Paragraph>
          {rule.kind === 'minutes' ? (
            <Form.Item
              name="value"
              label={t('operations.dictionary.value')}
              extra={t('operations.dictionary.minutesHint', { min: rule.min, max: rule.max })}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: rule.min,
                  max: rule.max,
                  message: t('operations.dictionary.minutesHint', { min: rule.min, max: rule.max }),
                },
              ]}
            >
              <InputNumber
                min={rule.min}
                max={rule.max}
                precision={0}
                style={{ width: 200 }}
                suffix={t('operations.dictionary.minuteUnit')}
                data-testid="dict-form-value"
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="value"
              label={t('operations.dictionary.value')}
              extra={rule.kind === 'hosts' ? t('operations.dictionary.hostsHint') : undefined}
              rules={rule.kind === 'text' ? [{ max: 500 }] : []}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={rule.kind === 'hosts' ? 1000 : 500} showCount data-testid="dict-form-value" />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

function DictionaryAdmin() {
  const { t } = useTranslation('shell');
  const permissions = useSession((state) => state.permissions);
  const mayUpdate = hasPermission(permissions, DICT_UPDATE_PERMISSION);
  const entries = useDictEntries();
  const meaning = useEntryMeaning();
  const [editing, setEditing] = useState<DictEntry | undefined>();

  return (
    <div className="page-container operations-page" data-testid="operations-dictionary">
      <Typography.Title level={3}>{t('operations.dictionary.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('operations.dictionary.intro')}</Typography.Paragraph>
      {entries.isError ? (
        <Alert
          type="error"
          showIcon
          title={entries.error.message}
          action={<Button onClick={() => void entries.refetch()}>{t('operations.retry')}</Button>}
          data-testid="dict-error"
        />
      ) : (
        <Table<DictEntry>
          rowKey="id"
          loading={entries.isFetching}
          dataSource={entries.data ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty /> }}
          data-testid="dict-table"
          onRow={(entry) => ({ 'data-testid': `dict-row-${entry.label}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('operations.dictionary.entry'),
              key: 'entry',
              width: 260,
              render: (_value: unknown, entry: DictEntry) => (
                <>
                  <div>{meaning(entry)}</div>
                  <Typography.Text type="secondary" code>
                    {entry.label}
                  </Typography.Text>
                </>
              ),
            },
            { title: t('operations.dictionary.value'), key: 'value', render: (_value: unknown, entry: DictEntry) => <EntryValue entry={entry} /> },
            { title: t('operations.dictionary.type'), dataIndex: 'dictType', width: 140 },
            {
              title: t('operations.dictionary.status'),
              dataIndex: 'status',
              width: 90,
              render: (value: number) =>
                value === 0 ? <Tag color="success">{t('operations.dictionary.enabled')}</Tag> : <Tag>{t('operations.dictionary.disabled')}</Tag>,
            },
            { title: t('operations.dictionary.updateTime'), dataIndex: 'updateTime', width: 180, render: (value: number) => formatTime(value) },
            ...(mayUpdate
              ? [
                  {
                    title: t('operations.actions'),
                    key: 'actions',
                    width: 90,
                    fixed: 'right' as const,
                    render: (_value: unknown, entry: DictEntry) => (
                      <Button type="link" onClick={() => setEditing(entry)} data-testid={`dict-edit-${entry.label}`}>
                        {t('operations.dictionary.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <ValueFormModal entry={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}

/** `/operation/dictionary`: the portal's settings (token lifetime, redirect hosts, …) and their values. */
export default function DictionaryAdminPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('operations.dictionary.title'));
  return (
    <OperatorGate permission={DICT_QUERY_PERMISSION}>
      <DictionaryAdmin />
    </OperatorGate>
  );
}
