import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space, TreeSelect, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { isPortalError } from '@portal/http';
import { useCategoryTree, type CategoryNode } from '@portal/library-ui';
import { useLibraryConfig } from '../../../config/library-config';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import { formatBytes } from '../format';
import {
  ENTERPRISE_FILE_KINDS,
  ENTERPRISE_LIMITS,
  EnterpriseErrorCode,
  needsStepPreview,
  useDrawStepPreview,
  usePublishEnterpriseItem,
  useResubmitEnterpriseItem,
  type EnterpriseFileDraft,
  type EnterpriseFileKind,
  type EnterpriseItem,
  type EnterpriseItemDraft,
} from '../api/enterprise-items';
import { EnterpriseFileField, type EnterpriseFileValue } from './enterprise-file-field';
import { usePreviewMessages } from './step-preview';

/** The form's values: what the user typed, before trimming. */
interface PublishFormValues {
  code?: string;
  name?: string;
  categoryId?: number;
  manufacturer?: string;
  description?: string;
  parameters?: { name?: string; value?: string }[];
}

interface CategoryOption {
  value: number;
  title: string;
  /** Both names and the code, lower-cased, for the search box. */
  search: string;
  children: CategoryOption[];
}

/** The library's tree as TreeSelect data: any node (leaf or not) may be chosen, by id. */
function categoryOptions(nodes: readonly CategoryNode[], english: boolean): CategoryOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: (english && node.nameEn) || node.name,
    search: `${node.name} ${node.nameEn} ${node.code}`.toLowerCase(),
    children: categoryOptions(node.children, english),
  }));
}

/** The draft the contract expects: text trimmed, blank optional fields left out, the uploaded files' claims. */
export function toDraft(values: PublishFormValues, files: EnterpriseFileDraft[] = []): EnterpriseItemDraft {
  const optional = (value: string | undefined) => value?.trim() || undefined;
  const parameters = (values.parameters ?? []).map((parameter) => ({ name: (parameter.name ?? '').trim(), value: (parameter.value ?? '').trim() }));
  return {
    code: (values.code ?? '').trim(),
    name: (values.name ?? '').trim(),
    categoryId: values.categoryId as number,
    manufacturer: optional(values.manufacturer),
    description: optional(values.description),
    parameters: parameters.length > 0 ? parameters : undefined,
    files: files.length > 0 ? files : undefined,
  };
}

type FileValues = Partial<Record<EnterpriseFileKind, EnterpriseFileValue>>;

/** The form filled with an item's fields, for its resubmission. */
function valuesOf(item: EnterpriseItem): PublishFormValues {
  return {
    code: item.code,
    name: item.name,
    categoryId: item.categoryId ?? undefined,
    manufacturer: item.manufacturer ?? undefined,
    description: item.description || undefined,
    parameters: item.parameters.map((parameter) => ({ ...parameter })),
  };
}

/**
 * 发布条目: a form with the contract's limits, submitted for the operators' review. A refusal of the server
 * shows in the form (the category's under its field) and keeps what was typed; so does closing the dialog.
 * With `item` (an approved or rejected one) it is 修改并重新提交: the form starts from the item, its files are
 * kept unless unticked, new ones are uploaded beside them, and the item waits for a review again.
 */
export function PublishItemModal({ open, onClose, item }: { open: boolean; onClose: () => void; item?: EnterpriseItem }) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const { message } = App.useApp();
  const { library } = useLibraryConfig();
  const [form] = Form.useForm<PublishFormValues>();
  const publish = usePublishEnterpriseItem();
  const resubmit = useResubmitEnterpriseItem();
  const drawPreview = useDrawStepPreview();
  const previewMessages = usePreviewMessages();
  const revising = item !== undefined;
  /** The item's files kept on resubmission (their places in `item.files`): all, until unticked. */
  const [kept, setKept] = useState<number[]>(() => item?.files.map((_, index) => index) ?? []);
  const pending = publish.isPending || resubmit.isPending;
  const categories = useCategoryTree(library);
  const treeData = useMemo(() => categoryOptions(categories.data ?? [], english), [categories.data, english]);
  const [serverError, setServerError] = useState<string>();
  const [files, setFiles] = useState<FileValues>({});
  // A new set of fields (a fresh upload state) for every item submitted.
  const [fileGeneration, setFileGeneration] = useState(0);
  const uploading = ENTERPRISE_FILE_KINDS.some((kind) => files[kind]?.uploading);
  const fileDrafts = ENTERPRISE_FILE_KINDS.flatMap((kind) => {
    const claim = files[kind]?.claim;
    return claim ? [{ kind, claim }] : [];
  });

  const tooLong = (max: number): Rule => ({ max, message: t('enterprise.publish.tooLong', { max }) });
  const required = (key: string): Rule => ({ required: true, whitespace: true, message: t(`enterprise.publish.${key}`) });

  const close = () => {
    setServerError(undefined);
    onClose();
  };

  const submit = async (values: PublishFormValues) => {
    setServerError(undefined);
    try {
      let stored: EnterpriseItem;
      if (item) {
        stored = await resubmit.mutateAsync({ id: item.id, draft: { ...toDraft(values, fileDrafts), keepFiles: kept } });
        void message.success(t('enterprise.revise.submitted'));
      } else {
        stored = await publish.mutateAsync(toDraft(values, fileDrafts));
        void message.success(t('enterprise.publish.submitted'));
      }
      // The new model follows the kept files (models come first of the new ones); a STEP one gets its picture from
      // the file still in hand, after the form has closed.
      const model = files.model;
      const modelIndex = item ? kept.length : 0;
      const storedModel = stored.files[modelIndex];
      if (model?.claim && model.file && storedModel && needsStepPreview(storedModel)) {
        drawPreview
          .mutateAsync({ id: stored.id, index: modelIndex, file: storedModel, step: model.file })
          .then(() => previewMessages.done(storedModel.name))
          .catch((error: unknown) => previewMessages.failed(storedModel.name, error));
      }
      form.resetFields();
      setFiles({});
      setFileGeneration((generation) => generation + 1);
      close();
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : t('enterprise.publish.failed');
      // An unknown category belongs to its field; every other refusal above the form.
      if (isPortalError(error) && error.code === EnterpriseErrorCode.categoryMissing) form.setFields([{ name: 'categoryId', errors: [text] }]);
      else setServerError(text);
    }
  };

  return (
    <Modal
      open={open}
      title={revising ? t('enterprise.revise.title', { code: item.code }) : t('enterprise.publish.title')}
      okText={revising ? t('enterprise.revise.submit') : t('enterprise.publish.submit')}
      cancelText={t('enterprise.publish.cancel')}
      okButtonProps={{ loading: pending, disabled: uploading, 'data-testid': 'enterprise-publish-submit' }}
      cancelButtonProps={{ 'data-testid': 'enterprise-publish-cancel' }}
      onOk={() => form.submit()}
      onCancel={close}
      width={640}
      data-testid="enterprise-publish-modal"
    >
      <Typography.Paragraph type="secondary">{revising ? t('enterprise.revise.intro') : t('enterprise.publish.intro')}</Typography.Paragraph>
      {item?.state === 'rejected' && item.remark && (
        <Alert
          type="warning"
          showIcon
          title={t('enterprise.revise.remark', { remark: item.remark })}
          style={{ marginBottom: 16 }}
          data-testid="enterprise-revise-remark"
        />
      )}
      {serverError && <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 16 }} data-testid="enterprise-publish-error" />}
      <Form<PublishFormValues>
        form={form}
        layout="vertical"
        name={`enterprise-publish-${library}`}
        initialValues={item ? valuesOf(item) : undefined}
        data-testid="enterprise-publish-form"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="code"
          label={t('enterprise.field.code')}
          extra={t('enterprise.publish.codeHint')}
          rules={[required('codeRequired'), tooLong(ENTERPRISE_LIMITS.code)]}
        >
          <Input maxLength={ENTERPRISE_LIMITS.code} showCount data-testid="enterprise-publish-code" />
        </Form.Item>
        <Form.Item name="name" label={t('enterprise.field.name')} rules={[required('nameRequired'), tooLong(ENTERPRISE_LIMITS.name)]}>
          <Input maxLength={ENTERPRISE_LIMITS.name} showCount data-testid="enterprise-publish-name" />
        </Form.Item>
        <Form.Item
          name="categoryId"
          label={t('enterprise.field.category')}
          rules={[{ required: true, message: t('enterprise.publish.categoryRequired') }]}
          help={categories.error ? t('enterprise.publish.categoriesFailed', { message: categories.error.message }) : undefined}
          validateStatus={categories.error ? 'error' : undefined}
        >
          <TreeSelect<number>
            data-testid="enterprise-publish-category"
            showSearch
            allowClear
            virtual={false}
            placeholder={t('enterprise.publish.categoryPlaceholder')}
            loading={categories.isPending}
            treeData={treeData}
            filterTreeNode={(input, node) => (node as unknown as CategoryOption).search.includes(input.trim().toLowerCase())}
          />
        </Form.Item>
        <Form.Item name="manufacturer" label={t('enterprise.field.manufacturer')} rules={[tooLong(ENTERPRISE_LIMITS.manufacturer)]}>
          <Input maxLength={ENTERPRISE_LIMITS.manufacturer} data-testid="enterprise-publish-manufacturer" />
        </Form.Item>
        <Form.Item name="description" label={t('enterprise.field.description')} rules={[tooLong(ENTERPRISE_LIMITS.description)]}>
          <Input.TextArea
            maxLength={ENTERPRISE_LIMITS.description}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="enterprise-publish-description"
          />
        </Form.Item>
        <Form.Item label={t('enterprise.field.parameters')} required={false} style={{ marginBottom: 0 }}>
          <Form.List
            name="parameters"
            rules={[
              {
                validator: async (_, list: unknown[] | undefined) => {
                  if ((list?.length ?? 0) > ENTERPRISE_LIMITS.parameters)
                    throw new Error(t('enterprise.publish.parametersMax', { max: ENTERPRISE_LIMITS.parameters }));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }} data-testid={`enterprise-publish-parameter-${index}`}>
                    <Form.Item
                      name={[field.name, 'name']}
                      // Names are unique: a change to another row's name checks this one again.
                      dependencies={fields.filter((other) => other.key !== field.key).map((other) => ['parameters', other.name, 'name'])}
                      rules={[
                        required('parameterNameRequired'),
                        tooLong(ENTERPRISE_LIMITS.parameterName),
                        ({ getFieldValue }) => ({
                          validator: async (_, value: string | undefined) => {
                            const name = value?.trim();
                            if (!name) return;
                            const rows = (getFieldValue('parameters') ?? []) as PublishFormValues['parameters'] & object;
                            if (rows.filter((row) => row?.name?.trim() === name).length > 1)
                              throw new Error(t('enterprise.publish.parameterNameDuplicate', { name }));
                          },
                        }),
                      ]}
                    >
                      <Input
                        maxLength={ENTERPRISE_LIMITS.parameterName}
                        placeholder={t('enterprise.field.parameterName')}
                        aria-label={`${t('enterprise.field.parameterName')} ${index + 1}`}
                        data-testid={`enterprise-publish-parameter-name-${index}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} rules={[required('parameterValueRequired'), tooLong(ENTERPRISE_LIMITS.parameterValue)]}>
                      <Input
                        maxLength={ENTERPRISE_LIMITS.parameterValue}
                        placeholder={t('enterprise.field.parameterValue')}
                        aria-label={`${t('enterprise.field.parameterValue')} ${index + 1}`}
                        data-testid={`enterprise-publish-parameter-value-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('enterprise.publish.removeParameter', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                      data-testid={`enterprise-publish-parameter-remove-${index}`}
                    />
                  </Space>
                ))}
                <Form.Item>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= ENTERPRISE_LIMITS.parameters}
                    onClick={() => add({ name: '', value: '' })}
                    data-testid="enterprise-publish-add-parameter"
                  >
                    {t('enterprise.publish.addParameter')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Form.Item>
              </>
            )}
          </Form.List>
        </Form.Item>
        {item && item.files.length > 0 && (
          <Form.Item label={t('enterprise.revise.keepFiles')} extra={t('enterprise.revise.keepHint')}>
            <Space direction="vertical" data-testid="enterprise-revise-files">
              {item.files.map((file, index) => (
                <Checkbox
                  key={`${index}-${file.digest}`}
                  checked={kept.includes(index)}
                  onChange={(event) =>
                    setKept((previous) => (event.target.checked ? [...previous, index].sort((a, b) => a - b) : previous.filter((place) => place !== index)))
                  }
                  data-testid={`enterprise-revise-keep-${index}`}
                >
                  {t('enterprise.revise.fileLabel', { kind: t(`enterprise.files.kind.${file.kind}`), name: file.name, size: formatBytes(file.size) })}
                </Checkbox>
              ))}
            </Space>
          </Form.Item>
        )}
        <Form.Item
          label={revising ? t('enterprise.revise.newFiles') : t('enterprise.field.files')}
          extra={t('enterprise.files.hint', { size: formatBytes(ENTERPRISE_LIMITS.fileBytes) })}
        >
          <Space direction="vertical" style={{ width: '100%' }} key={fileGeneration}>
            {ENTERPRISE_FILE_KINDS.map((kind) => (
              <div key={kind}>
                <Typography.Text strong>{t(`enterprise.files.kind.${kind}`)}</Typography.Text>
                <EnterpriseFileField kind={kind} onChange={(value) => setFiles((previous) => ({ ...previous, [kind]: value }))} />
              </div>
            ))}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
