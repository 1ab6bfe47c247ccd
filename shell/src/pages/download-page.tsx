import { Alert, Card, Col, Row, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/layout/use-document-title';

/** The design-software kinds of spec §1 plugin mode, with the software each plugin targets. */
export const PLUGIN_KINDS = ['cad', 'eda', 'cae', 'cam'] as const;
const INSTALL_STEPS = ['download', 'install', 'signIn', 'use'] as const;
/** The KiCad HTTP library file the component service serves (public; its token is a placeholder). */
export const KICAD_HTTPLIB_URL = '/to/api/public/component/kicad-api/portal.kicad_httplib';
/** The personal centre's access-token card. */
export const PERSONAL_TOKENS_PATH = '/personalCenter/myInfo#access-tokens';

/**
 * 插件下载 (spec §2): per kind of design software, what the plugin does, where it runs and how to install
 * it. Installers are published with plugin releases; until a kind has one, its card says so.
 */
export default function DownloadPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('title.download'));
  return (
    <div className="page-container info-page" data-testid="download-page">
      <Typography.Title level={2}>{t('title.download')}</Typography.Title>
      <Typography.Paragraph className="info-lead">{t('download.intro')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        {PLUGIN_KINDS.map((kind) => (
          <Col span={12} key={kind}>
            <Card
              className="download-card"
              data-testid={`download-${kind}`}
              title={
                <span>
                  <Tag color="blue">{kind.toUpperCase()}</Tag>
                  {t(`download.kinds.${kind}.title`)}
                </span>
              }
              extra={<Tag>{t('download.status.upcoming')}</Tag>}
            >
              <Typography.Paragraph>{t(`download.kinds.${kind}.does`)}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('download.supported', { software: t(`download.kinds.${kind}.software`) })}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t(`download.kinds.${kind}.library`)}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={4} className="info-subtitle">
        {t('download.installTitle')}
      </Typography.Title>
      <Card>
        <Steps
          orientation="vertical"
          current={-1}
          items={INSTALL_STEPS.map((step) => ({
            title: t(`download.steps.${step}.title`),
            content: t(`download.steps.${step}.text`),
          }))}
        />
      </Card>
      <Alert
        className="info-note"
        type="info"
        showIcon
        title={t('download.kicadTitle')}
        description={
          <span>
            {t('download.kicadText')} <Link to="/component">{t('nav.component')}</Link>
          </span>
        }
      />
      <Card className="info-note" title={t('download.kicadHttpTitle')} data-testid="download-kicad-httplib">
        <Typography.Paragraph>{t('download.kicadHttpText')}</Typography.Paragraph>
        <ol className="download-kicad-steps">
          <li>
            {t('download.kicadHttpToken')}{' '}
            <Link to={PERSONAL_TOKENS_PATH} data-testid="download-kicad-token-link">
              {t('download.kicadHttpTokenLink')}
            </Link>
          </li>
          <li>
            <a href={KICAD_HTTPLIB_URL} download data-testid="download-kicad-httplib-link">
              {t('download.kicadHttpDownload')}
            </a>
          </li>
          <li>{t('download.kicadHttpPaste')}</li>
          <li>{t('download.kicadHttpAdd')}</li>
        </ol>
      </Card>
    </div>
  );
}
