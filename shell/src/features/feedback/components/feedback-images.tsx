import { useState } from 'react';
import { Image, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isPortalError } from '@portal/http';
import { IMAGE_ACCEPT, IMAGE_VIEWER_PREVIEW, uploadFile, type UploadedFile } from '@portal/upload';
import { LIMITS, validateFeedbackImage, validateFileName } from '@portal/validators';
import { useToast } from '../../overlays';

/** What the server files feedback images under (the file service derives the Images category). */
export const FEEDBACK_BIZ_CODE = 'feedback';

/** The ids of the images that finished uploading, in the order shown. */
export function uploadedImageIds(files: readonly UploadFile[] | undefined): string[] {
  return (files ?? []).filter((file) => file.status === 'done').map((file) => (file.response as UploadedFile).id);
}

interface FeedbackImagesProps {
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
}

/**
 * Up to 3 jpg/jpeg/png images under 5 MB (spec §5), each uploaded at once with the upload helper and
 * shown as a thumbnail that opens the image viewer (spec §9).
 */
export function FeedbackImages({ value = [], onChange }: FeedbackImagesProps) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const [preview, setPreview] = useState<string | undefined>();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = validateFileName(file.name) ?? validateFeedbackImage(file);
    if (problem) {
      toast.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    uploadFile(file as File, { bizCode: FEEDBACK_BIZ_CODE, signal: controller.signal, onProgress: (percent) => onProgress?.({ percent }) }).then(
      (uploaded) => onSuccess?.(uploaded),
      (error: unknown) => {
        if (isPortalError(error) && error.muted) return;
        toast.error(error instanceof Error ? error.message : String(error));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return { abort: () => controller.abort() };
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept={IMAGE_ACCEPT}
        maxCount={LIMITS.feedbackImages}
        multiple
        fileList={value}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={({ fileList }) => onChange?.(fileList.filter((file) => file.status !== 'error'))}
        onPreview={(file) => setPreview((file.response as UploadedFile | undefined)?.url ?? file.thumbUrl ?? file.url)}
        data-testid="feedback-images"
      >
        {value.length < LIMITS.feedbackImages && (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} data-testid="feedback-image-add">
            <PlusOutlined />
            <div>{t('feedback.addImage')}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt={t('feedback.imagePreview')}
          preview={{ ...IMAGE_VIEWER_PREVIEW, open: true, onOpenChange: (open) => !open && setPreview(undefined) }}
        />
      )}
    </>
  );
}
