import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { MailOutlined, PhoneOutlined, ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getPortalConfig } from '../../../app/config/portal-config';
import { contactItems, hasNoDirectContact, type ContactItemKey } from '../contact-items';

const ICONS: Record<ContactItemKey, ReactNode> = {
  hotline: <PhoneOutlined />,
  email: <MailOutlined />,
  hours: <ClockCircleOutlined />,
  address: <EnvironmentOutlined />,
};

const LABEL_KEYS: Record<ContactItemKey, string> = {
  hotline: 'contact.hotline',
  email: 'contact.email',
  hours: 'contact.hoursLabel',
  address: 'contact.address',
};

/**
 * The contact-us block (spec §1): hotline, e-mail, hours Monday–Friday 8:30–18:00, address and the QR image
 * of the official account. Hotline, e-mail, address and image are deployment data from portal-config.json;
 * what the deployment has not configured is hidden (never an invented value, never "not configured"), and
 * without a hotline or an e-mail the block points to the feedback button, the one channel every site has.
 */
export function ContactBlock({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const { contact } = getPortalConfig();
  const items = contactItems(contact);
  const qrSize = compact ? 96 : 120;
  return (
    <div className={compact ? 'contact-block contact-block-compact' : 'contact-block'} data-testid="contact-block">
      <div className="contact-block-text">
        <Descriptions column={1} size="small" colon={false} styles={{ label: { width: compact ? 84 : 110 } }}>
          {items.map((item) => (
            <Descriptions.Item
              key={item.key}
              label={
                <>
                  {ICONS[item.key]} {t(LABEL_KEYS[item.key])}
                </>
              }
            >
              <span data-testid={`contact-${item.key}`}>
                {item.key === 'hours' ? t('contact.hours') : item.key === 'email' ? <a href={`mailto:${item.value}`}>{item.value}</a> : item.value}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
        {hasNoDirectContact(contact) && (
          <Typography.Paragraph type="secondary" className="contact-feedback-hint" data-testid="contact-feedback-hint">
            {t('contact.feedbackHint')}
          </Typography.Paragraph>
        )}
      </div>
      {contact.qrImage && (
        <div className="contact-qr" data-testid="contact-qr">
          <img src={contact.qrImage} alt={t('contact.qr')} width={qrSize} height={qrSize} />
          <span>{t('contact.qr')}</span>
        </div>
      )}
    </div>
  );
}
