import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, pickFiles, useUpload } from '@portal/upload';
import { validateFeedbackImage, validateFileName } from '@portal/validators';
import { AUTH_NAMESPACE } from '../../../i18n';

/** What the file service files avatars under (an image, same rule as feedback images: jpg/jpeg/png < 5 MB). */
export const AVATAR_BIZ_CODE = 'avatar';

/**
 * Picks an image, uploads it with the upload helper and hands its address to `onUploaded` (the
 * profile form's avatar field); the button shows the percentage while it runs.
 */
export function AvatarUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const { message } = App.useApp();
  const upload = useUpload({ bizCode: AVATAR_BIZ_CODE, onUploaded: (file) => onUploaded(file.url) });
  const { state } = upload;
  const running = state.status === 'uploading';

  const choose = async () => {
    const [file] = await pickFiles({ accept: IMAGE_ACCEPT });
    if (!file) return;
    const problem = validateFileName(file.name) ?? validateFeedbackImage(file);
    if (problem) {
      message.error(problem, 1);
      return;
    }
    upload.start(file);
  };

  return (
    <div>
      <Button icon={<UploadOutlined />} loading={running} onClick={() => void choose()} data-testid="profile-avatar-upload">
        {running ? t('profile.avatarUploading', { percent: state.percent }) : t('profile.avatarUpload')}
      </Button>
      {state.status === 'error' && (
        <div className="ant-form-item-explain-error" data-testid="profile-avatar-upload-error">
          {state.error?.message}
        </div>
      )}
    </div>
  );
}
