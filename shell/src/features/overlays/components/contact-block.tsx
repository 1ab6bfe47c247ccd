import { Descriptions, Typography } from 'antd';
import { MailOutlined, PhoneOutlined, ClockCircleOutlined, EnvironmentOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getPortalConfig } from '../../../app/config/portal-config';

/**
 * The contact-us block (spec §1): hotline, e-mail, hours Monday–Friday 8:30–18:00, address and the QR image
 * of the official account. Hotline, e-mail, address and image are deployment data from portal-config.json;
 * an item the deployment has not configured says so instead of showing an invented value.
 */
export function ContactBlock({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const { contact } = getPortalConfig();
  const value = (text: string) => text || <Typography.Text type="secondary">{t('contact.notConfigured')}</Typography.Text>;
  return (
    <div className={compact ? 'contact-block contact-block-compact' : 'contact-block'} data-testid="contact-block">
      <Descriptions column={1} size="small" colon={false} styles={{ label: { width: compact ? 84 : 110 } }}>
        <Descriptions.Item label={<><PhoneOutlined /> {t('contact.hotline')}</>}>{value(contact.hotline)}</Descriptions.Item>
        <Descriptions.Item label={<><MailOutlined /> {t('contact.email')}</>}>
          {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : value('')}
        </Descriptions.Item>
        <Descriptions.Item label={<><ClockCircleOutlined /> {t('contact.hoursLabel')}</>}>{t('contact.hours')}</Descriptions.Item>
        <Descriptions.Item label={<><EnvironmentOutlined /> {t('contact.address')}</>}>{value(contact.address)}</Descriptions.Item>
      </Descriptions>
      <div className="contact-qr">
        {contact.qrImage ? (
          <img src={contact.qrImage} alt={t('contact.qr')} width={compact ? 96 : 120} height={compact ? 96 : 120} />
        ) : (
          <div className="contact-qr-empty" style={{ width: compact ? 96 : 120, height: compact ? 96 : 120 }}>
            <QrcodeOutlined />
          </div>
        )}
        <span>{t('contact.qr')}</span>
      </div>
    </div>
  );
}
