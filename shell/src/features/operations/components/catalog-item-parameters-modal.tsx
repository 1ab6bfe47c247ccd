import { Alert, App, Button, Flex, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { currentLanguage } from '@portal/providers';
import {
  CATALOG_EDIT_LIMITS,
  CATALOG_ITEM_NOT_FOUND,
  CATALOG_PARAMETER_LIMITS,
  useCatalogItemParameters,
  useCorrectCatalogItemParameters,
  type CatalogItem,
  type CatalogLibrary,
  type EditableParameter,
} from '../api/catalog-items-admin';
import { useFailureMessage } from './operations-list';

interface ParametersForm {
  parameters: EditableParameter[];
  reason: string;
}

/**
 * 参数: an item's parameters as a whole list — a value the source got wrong, one it lacks, one it should not have — with why.
 * The server types each value by its dimension and names the row it cannot read; the source's list shows while corrected.
 */
export function CatalogItemParametersModal({ library, item, onClose }: { library: CatalogLibrary; item: CatalogItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const fail = useFailureMessage();
  const parameters = useCatalogItemParameters(library, item?.id);
  const correct = useCorrectCatalogItemParameters(library);
  const [form] = Form.useForm<ParametersForm>();
  const english = currentLanguage() === 'en-US';
  const dimensions = parameters.data?.dimensions ?? [];
  const dimensionName = (key: string) => {
    const dimension = dimensions.find((candidate) => candidate.key === key);
    return dimension ? (english ? dimension.nameEn : dimension.name) : key;
  };
  const dimensionOptions = dimensions.map((dimension) => ({
    value: dimension.key,
    label: `${english ? dimension.nameEn : dimension.name}${dimension.unit ? ` (${dimension.unit})` : ''}`,
  }));
  const written = (list: EditableParameter[]) =>
    list.map((parameter) => [dimensionName(parameter.dimension), parameter.conditions, parameter.value].filter(Boolean).join(' ')).join(' · ');
  const original = parameters.data?.original;
  // The form takes its rows once, when it mounts: from an answer read for this opening, never a cached one an
  // earlier correction has since changed.
  const fresh = parameters.data !== undefined && parameters.isFetchedAfterMount;

  const submit = (values: ParametersForm) => {
    if (!item) return;
    const list = (values.parameters ?? []).map((parameter) => ({
      dimension: parameter.dimension,
      value: parameter.value.trim(),
      conditions: parameter.conditions?.trim() || null,
    }));
    correct.mutate(
      { id: item.id, parameters: list, reason: values.reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('operations.catalogItems.parametersEditedToast'));
          onClose();
        },
        onError: (error) => {
          fail(error);
          if (isPortalError(error) && error.code === CATALOG_ITEM_NOT_FOUND) onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={item !== undefined}
      title={item && t('operations.catalogItems.parametersTitle', { code: item.code })}
      okText={t('operations.catalogItems.confirm')}
      cancelText={t('operations.catalogItems.cancel')}
      okButtonProps={{ loading: correct.isPending, disabled: !fresh, 'data-testid': 'catalog-parameters-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      data-testid="catalog-parameters-modal"
    >
      {parameters.isError && <Alert type="error" showIcon title={parameters.error.message} data-testid="catalog-parameters-error" />}
      {!fresh && !parameters.isError && item && <Skeleton active />}
      {fresh && parameters.data && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ parameters: parameters.data.list, reason: '' }} onFinish={submit}>
          <Typography.Paragraph type="secondary">{t('operations.catalogItems.parametersHint')}</Typography.Paragraph>
          {parameters.data.correctionReason && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('operations.catalogItems.lastCorrection', {
                reason: parameters.data.correctionReason,
                operator: parameters.data.correctedBy ?? '-',
              })}
              data-testid="catalog-parameters-last"
            />
          )}
          {original && (
            <Typography.Paragraph type="secondary" data-testid="catalog-parameters-source">
              {original.length > 0
                ? t('operations.catalogItems.parametersSource', { list: written(original) })
                : t('operations.catalogItems.parametersSourceNone')}
            </Typography.Paragraph>
          )}
          <Form.List name="parameters">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && (
                  <Typography.Paragraph type="secondary" data-testid="catalog-parameters-empty">
                    {t('operations.catalogItems.parametersEmpty')}
                  </Typography.Paragraph>
                )}
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} wrap align="start" data-testid={`catalog-parameter-row-${index}`}>
                    <Form.Item
                      name={[field.name, 'dimension']}
                      rules={[{ required: true, message: t('operations.catalogItems.parameterDimensionRequired') }]}
                      style={{ width: 190, marginBottom: 12 }}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        options={dimensionOptions}
                        placeholder={t('operations.catalogItems.parameterDimension')}
                        aria-label={t('operations.catalogItems.parameterDimension')}
                        data-testid={`catalog-parameter-dimension-${index}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      rules={[{ required: true, whitespace: true, message: t('operations.catalogItems.parameterValueRequired') }]}
                      style={{ width: 190, marginBottom: 12 }}
                    >
                      <Input
                        maxLength={CATALOG_PARAMETER_LIMITS.value}
                        placeholder={t('operations.catalogItems.parameterValue')}
                        aria-label={t('operations.catalogItems.parameterValue')}
                        data-testid={`catalog-parameter-value-${index}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'conditions']} style={{ width: 170, marginBottom: 12 }}>
                      <Input
                        maxLength={CATALOG_PARAMETER_LIMITS.conditions}
                        placeholder={t('operations.catalogItems.parameterConditions')}
                        aria-label={t('operations.catalogItems.parameterConditions')}
                        data-testid={`catalog-parameter-conditions-${index}`}
                      />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)} data-testid={`catalog-parameter-remove-${index}`}>
                      {t('operations.catalogItems.parameterRemove')}
                    </Button>
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  block
                  disabled={fields.length >= CATALOG_PARAMETER_LIMITS.count}
                  onClick={() => add({ dimension: undefined, value: '', conditions: null })}
                  style={{ marginBottom: 16 }}
                  data-testid="catalog-parameter-add"
                >
                  {t('operations.catalogItems.parameterAdd')}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item
            name="reason"
            label={t('operations.catalogItems.editReason')}
            rules={[{ required: true, whitespace: true, message: t('operations.catalogItems.editReasonRequired') }]}
          >
            <Input.TextArea
              rows={2}
              maxLength={CATALOG_EDIT_LIMITS.reason}
              showCount
              placeholder={t('operations.catalogItems.editReasonPlaceholder')}
              data-testid="catalog-parameters-reason"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
