import { FloatButton, Popover } from 'antd';
import { CommentOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '@portal/session';
import { useNavigate } from 'react-router';
import { openLoginDialog } from '../../auth-bridge/login-dialog';
import { ContactBlock } from '../../overlays/components/contact-block';
import { FeedbackDialog } from './feedback-dialog';

/**
 * The floating consultation and feedback button of every portal page (spec §1, §6): feedback needs
 * sign-in (otherwise the login dialog opens); the contact-us block is one hover away.
 */
export function FeedbackButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const startFeedback = async () => {
    if (getToken()) {
      setOpen(true);
      return;
    }
    // Without mfe-auth the sign-in page is the only way in.
    if (!(await openLoginDialog())) navigate('/login');
  };

  return (
    <>
      <FloatButton.Group shape="square" className="feedback-float" data-testid="feedback-float">
        <Popover placement="leftBottom" content={<ContactBlock compact />} title={t('nav.about')}>
          <FloatButton icon={<CustomerServiceOutlined />} data-testid="float-contact" content={t('feedback.contactShort')} />
        </Popover>
        <FloatButton icon={<CommentOutlined />} data-testid="float-feedback" content={t('feedback.short')} onClick={() => void startFeedback()} />
        <FloatButton.BackTop visibilityHeight={400} />
      </FloatButton.Group>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
