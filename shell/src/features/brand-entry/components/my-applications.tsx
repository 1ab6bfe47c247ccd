import { Button, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/providers';
import { openLoginDialog } from '../../auth-bridge';
import { useMyApplications, type BrandApplicationStatus } from '../api/brand-application';

// The API types `status` as a number; an unknown value gets the default tag colour.
const STATUS_COLOURS: Partial<Record<number, string>> & Record<BrandApplicationStatus, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** The applicant's applications and their review status (signed-in users). */
export function MyApplications() {
  const { t } = useTranslation('shell');
  const signedIn = useSession((state) => state.user !== null);
  const applications = useMyApplications(signedIn);

  if (!signedIn) {
    return (
      <div data-testid="brand-status-signed-out">
        <Typography.Paragraph type="secondary">{t('brandEntry.status.signIn')}</Typography.Paragraph>
        <Button onClick={() => void openLoginDialog()}>{t('brandEntry.status.signInButton')}</Button>
      </div>
    );
  }
  if (applications.isError) {
    return (
      <Typography.Text type="secondary" data-testid="brand-status-unavailable">
        {t('brandEntry.status.unavailable')}
      </Typography.Text>
    );
  }
  return (
    <List
      data-testid="brand-status-list"
      loading={applications.isLoading}
      dataSource={applications.data ?? []}
      locale={{ emptyText: <Empty description={t('brandEntry.status.empty')} /> }}
      renderItem={(item) => (
        <List.Item extra={<Tag color={STATUS_COLOURS[item.status]}>{t(`brandEntry.status.values.${item.status}`)}</Tag>}>
          <List.Item.Meta
            title={`${item.brandName} · ${item.companyName}`}
            description={
              <>
                {dayjs(item.createTime).format('YYYY-MM-DD HH:mm')}
                {item.reviewRemark ? ` · ${item.reviewRemark}` : ''}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
