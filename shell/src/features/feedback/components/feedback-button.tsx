import { FloatButton, Popover, Spin } from 'antd';
import { CommentOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '@portal/session';
import { useNavigate } from 'react-router';
import { openLoginDialog } from '../../auth-bridge';

// The dialog (a form with an image upload) loads on the first click, not with every page (issue 13).
// The contact card (antd Descriptions) loads when the popover first opens, not with every page (issue 13).
const ContactBlock = lazy(() => import(/* webpackExports: ["ContactBlock"] */ '../../overlays').then((module) => ({ default: module.ContactBlock })));
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((module) => ({ default: module.FeedbackDialog })));

/**
 * The floating consultation and feedback button of every portal page (spec §1, §6): feedback needs
 * sign-in (otherwise the login dialog opens); the contact-us block is one hover away.
 */
export function FeedbackButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's animation and state.
  const [opened, setOpened] = useState(false);

  const startFeedback = async () => {
    if (getToken()) {
      setOpened(true);
      setOpen(true);
      return;
    }
    // Without mfe-auth the sign-in page is the only way in.
    if (!(await openLoginDialog())) navigate('/login');
  };

  return (
    <>
      <FloatButton.Group shape="square" className="feedback-float" data-testid="feedback-float">
        <Popover
          placement="leftBottom"
          content={
            <Suspense fallback={<Spin size="small" />}>
              <ContactBlock compact />
            </Suspense>
          }
          title={t('nav.about')}
        >
          <FloatButton icon={<CustomerServiceOutlined />} data-testid="float-contact" content={t('feedback.contactShort')} />
        </Popover>
        <FloatButton icon={<CommentOutlined />} data-testid="float-feedback" content={t('feedback.short')} onClick={() => void startFeedback()} />
        <FloatButton.BackTop visibilityHeight={400} />
      </FloatButton.Group>
      {opened && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
