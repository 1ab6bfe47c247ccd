import { Alert, Button, Form, Input, Result, TreeSelect, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LIBRARY_KEYS, LIBRARIES, isLibraryKey, useSession, type LibraryKey } from '@portal/providers';
import { isPortalError } from '@portal/http';
import { LIMITS, ruleFrom, validateEmail, validateFeedbackImage, validateMobile, validateUrl } from '@portal/validators';
import { useCategoryTrees, type CategoryNode } from '../api/category-options';
import { useCreateBrandApplication } from '../api/brand-application';
import { openLoginDialog } from '../../auth-bridge';

/** Field limits of the application form (this project's choice, docs/shell.md). */
export const BRAND_FORM_LIMITS = { companyName: 100, brandName: 64, contactName: 32, description: 500, categories: 20 } as const;

interface FormValues {
  companyName: string;
  brandName: string;
  contactName: string;
  mobile: string;
  email?: string;
  website?: string;
  categories: string[];
  licence: UploadFile[];
  description?: string;
}

interface CategoryOption {
  title: string;
  value: string;
  children?: CategoryOption[];
}

function toTreeData(library: LibraryKey, nodes: CategoryNode[], english: boolean): CategoryOption[] {
  return nodes.map((node) => ({
    title: english ? node.nameEn || node.name : node.name,
    value: `${library}:${node.code}`,
    children: node.children.length > 0 ? toTreeData(library, node.children, english) : undefined,
  }));
}

/** The manufacturer application: company, brand, contact, categories, business-licence image. */
export function BrandApplicationForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const trees = useCategoryTrees(LIBRARY_KEYS);
  const mutation = useCreateBrandApplication();
  const [submittedId, setSubmittedId] = useState<number>();
  const english = currentLanguage() === 'en-US';

  const treeData = useMemo(
    () =>
      LIBRARY_KEYS.map((library, index) => ({
        title: tCommon(LIBRARIES[library].titleKey),
        value: `${library}:`,
        selectable: false,
        checkable: false,
        children: toTreeData(library, trees[index]?.data ?? [], english),
      })),
    [trees, english, tCommon],
  );

  const signedIn = useSession((state) => state.user !== null);

  const submit = async (values: FormValues) => {
    const licence = values.licence[0]?.originFileObj;
    if (!licence) return;
    // The licence upload and the application belong to an account: sign in first, keep the form.
    if (!signedIn) {
      void openLoginDialog();
      return;
    }
    const categories = values.categories.flatMap((value) => {
      const [library, code] = value.split(':');
      return isLibraryKey(library) && code ? [{ library, code }] : [];
    });
    const id = await mutation.mutateAsync({
      companyName: values.companyName.trim(),
      brandName: values.brandName.trim(),
      contactName: values.contactName.trim(),
      mobile: values.mobile.trim(),
      email: values.email?.trim() || undefined,
      website: values.website?.trim() || undefined,
      description: values.description?.trim() || undefined,
      categories,
      licence,
    });
    setSubmittedId(id);
    form.resetFields();
    onSubmitted();
  };

  if (submittedId !== undefined) {
    return (
      <Result
        status="success"
        data-testid="brand-entry-submitted"
        title={t('brandEntry.form.submitted')}
        subTitle={t('brandEntry.form.submittedText')}
        extra={<Button onClick={() => setSubmittedId(undefined)}>{t('brandEntry.form.another')}</Button>}
      />
    );
  }

  const error = mutation.error;
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      data-testid="brand-entry-form"
      onFinish={(values) => void submit(values).catch(() => undefined)}
      requiredMark
      className="brand-entry-form"
    >
      {error && (
        <Alert
          type="error"
          showIcon
          className="brand-entry-error"
          data-testid="brand-entry-error"
          title={t('brandEntry.form.failed')}
          description={isPortalError(error) ? `${error.message}（${t('error.code', { code: error.code })}）` : error.message}
        />
      )}
      <div className="form-grid">
        <Form.Item
          name="companyName"
          label={t('brandEntry.form.companyName')}
          rules={[{ required: true, whitespace: true, message: t('brandEntry.form.required', { field: t('brandEntry.form.companyName') }) }]}
        >
          <Input maxLength={BRAND_FORM_LIMITS.companyName} data-testid="brand-company" />
        </Form.Item>
        <Form.Item
          name="brandName"
          label={t('brandEntry.form.brandName')}
          rules={[{ required: true, whitespace: true, message: t('brandEntry.form.required', { field: t('brandEntry.form.brandName') }) }]}
        >
          <Input maxLength={BRAND_FORM_LIMITS.brandName} data-testid="brand-name" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={t('brandEntry.form.contactName')}
          rules={[{ required: true, whitespace: true, message: t('brandEntry.form.required', { field: t('brandEntry.form.contactName') }) }]}
        >
          <Input maxLength={BRAND_FORM_LIMITS.contactName} data-testid="brand-contact" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('brandEntry.form.mobile')}
          rules={[{ required: true, message: t('brandEntry.form.required', { field: t('brandEntry.form.mobile') }) }, ruleFrom(validateMobile)]}
        >
          <Input maxLength={LIMITS.mobile} data-testid="brand-mobile" />
        </Form.Item>
        <Form.Item name="email" label={t('brandEntry.form.email')} rules={[ruleFrom(validateEmail)]}>
          <Input maxLength={LIMITS.email} data-testid="brand-email" />
        </Form.Item>
        <Form.Item name="website" label={t('brandEntry.form.website')} rules={[ruleFrom(validateUrl)]}>
          <Input maxLength={LIMITS.url} placeholder="https://" />
        </Form.Item>
      </div>
      <Form.Item
        name="categories"
        label={t('brandEntry.form.categories')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('brandEntry.form.categoriesRequired') },
          { type: 'array', max: BRAND_FORM_LIMITS.categories, message: t('brandEntry.form.categoriesMax', { max: BRAND_FORM_LIMITS.categories }) },
        ]}
      >
        <TreeSelect
          treeData={treeData}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder={t('brandEntry.form.categoriesPlaceholder')}
          maxTagCount="responsive"
          treeNodeFilterProp="title"
          showSearch
          className="brand-categories"
        />
      </Form.Item>
      <Form.Item
        name="licence"
        label={t('brandEntry.form.licence')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        extra={t('brandEntry.form.licenceHint')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('brandEntry.form.licenceRequired') },
          ruleFrom((value) => {
            const file = (value as UploadFile[] | undefined)?.[0];
            return file ? validateFeedbackImage({ name: file.name, size: file.size ?? 0, type: file.type }) : undefined;
          }),
        ]}
      >
        <Upload accept=".jpg,.jpeg,.png" listType="picture" maxCount={1} beforeUpload={() => false} data-testid="brand-licence">
          <Button icon={<UploadOutlined />}>{t('brandEntry.form.licencePick')}</Button>
        </Upload>
      </Form.Item>
      <Form.Item name="description" label={t('brandEntry.form.description')}>
        <Input.TextArea rows={3} maxLength={BRAND_FORM_LIMITS.description} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending} data-testid="brand-submit">
        {t('brandEntry.form.submit')}
      </Button>
    </Form>
  );
}
