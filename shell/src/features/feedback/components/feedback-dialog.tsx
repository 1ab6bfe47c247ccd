import { Form, Input, Modal, Select, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { FEEDBACK_TYPES, LIMITS, rules } from '@portal/validators';
import { useMessageBox, useToast } from '../../overlays';
import { useCreateFeedback, type FeedbackInput } from '../api/create-feedback';
import { FeedbackImages, uploadedImageIds } from './feedback-images';

interface FeedbackValues {
  type: FeedbackInput['type'];
  message: string;
  mobile?: string;
  email?: string;
  orgName?: string;
  images?: UploadFile[];
}

/** The consultation and feedback form (spec §3, §4, §5, §7): validate, confirm, post, toast 已提交. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const user = useSession((state) => state.user);
  const [form] = Form.useForm<FeedbackValues>();
  const mutation = useCreateFeedback();
  const messageBox = useMessageBox();

  const submit = async () => {
    const { images, ...values } = await form.validateFields();
    if ((images ?? []).some((file) => file.status === 'uploading')) {
      toast.warning(t('feedback.imagesUploading'));
      return;
    }
    // Spec §4 feedback: form, validate, confirm, post, success toast.
    if ((await messageBox.confirm(t('feedback.confirm'))) !== 'confirm') return;
    await mutation.mutateAsync({ ...values, images: uploadedImageIds(images), userId: user?.id });
    toast.success(t('feedback.submitted'));
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      okText={t('feedback.submit')}
      cancelText={t('messageBox.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" data-testid="feedback-form" initialValues={{ orgName: user?.orgName, email: user?.email, mobile: user?.mobile }}>
        <Form.Item name="type" label={t('feedback.type')} rules={rules.feedback.type()} validateFirst>
          <Select
            placeholder={t('feedback.typePlaceholder')}
            options={FEEDBACK_TYPES.map((item) => ({ value: item.value, label: t(`feedback.types.${item.value}`) }))}
          />
        </Form.Item>
        <Form.Item name="message" label={t('feedback.message')} rules={rules.feedback.message()} validateFirst>
          <Input.TextArea rows={4} maxLength={LIMITS.feedbackMessage} showCount />
        </Form.Item>
        <Form.Item name="mobile" label={t('feedback.mobile')} rules={rules.feedback.mobile()} validateTrigger={['onBlur', 'onChange']}>
          <Input maxLength={LIMITS.feedbackMobile} />
        </Form.Item>
        <Form.Item name="email" label={t('feedback.email')} rules={rules.feedback.email()} validateTrigger={['onBlur', 'onChange']}>
          <Input maxLength={LIMITS.feedbackEmail} />
        </Form.Item>
        <Form.Item name="orgName" label={t('feedback.orgName')} rules={rules.feedback.orgName()}>
          <Input maxLength={LIMITS.feedbackOrgName} />
        </Form.Item>
        <Form.Item name="images" label={t('feedback.images')} extra={t('feedback.imagesHint')} rules={rules.feedback.images()}>
          <FeedbackImages />
        </Form.Item>
      </Form>
    </Modal>
  );
}
