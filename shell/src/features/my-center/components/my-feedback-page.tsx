import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Image, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_VIEWER_PREVIEW } from '@portal/upload';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useMarkRepliesRead, useMyFeedback, type MyFeedback } from '../api/my-feedback';
import { MyCenterFrame, SignedInGate } from './my-center-frame';

const PAGE_SIZE = 10;

function FeedbackItem({ item, fresh }: { item: MyFeedback; fresh: boolean }) {
  const { t } = useTranslation('shell');
  const closed = item.status === 1;
  return (
    <List.Item data-testid={`my-feedback-item-${item.id}`} className={fresh ? 'my-feedback-fresh' : undefined}>
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <Space wrap>
          <Tag>{t(`feedback.types.${item.type}`)}</Tag>
          <Tag color={closed ? 'green' : 'blue'} data-testid="my-feedback-status">
            {closed ? t('my.feedback.closed') : t('my.feedback.open')}
          </Tag>
          {fresh && (
            <Tag color="red" data-testid="my-feedback-new">
              {t('my.feedback.new')}
            </Tag>
          )}
          <Typography.Text type="secondary">{new Date(item.createTime).toLocaleString()}</Typography.Text>
        </Space>
        <Typography.Paragraph className="my-feedback-message" data-testid="my-feedback-message">
          {item.message}
        </Typography.Paragraph>
        {item.images.length > 0 && (
          <Image.PreviewGroup preview={IMAGE_VIEWER_PREVIEW}>
            <Space data-testid="my-feedback-images">
              {item.images.map((image) => (
                <Image key={image.id} src={image.url} width={72} height={72} style={{ objectFit: 'cover' }} alt="" />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
        {closed ? (
          <div className="my-feedback-reply" data-testid="my-feedback-reply">
            <Typography.Text strong>{t('my.feedback.reply')}</Typography.Text>
            <Typography.Text>{item.reply || t('my.feedback.noReply')}</Typography.Text>
            {item.closeTime && <Typography.Text type="secondary">{new Date(item.closeTime).toLocaleString()}</Typography.Text>}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('my.feedback.waiting')}</Typography.Text>
        )}
      </Space>
    </List.Item>
  );
}

function MyFeedbackList() {
  const { t } = useTranslation('shell');
  const [pageNo, setPageNo] = useState(1);
  const feedback = useMyFeedback(pageNo, PAGE_SIZE);
  const markRead = useMarkRepliesRead();
  // Answers that were new when shown stay marked "new" on this visit, though they are now seen.
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const marked = useRef(new Set<number>());
  useEffect(() => {
    const unread = (feedback.data?.list ?? []).filter((item) => item.replyUnread && !marked.current.has(item.id)).map((item) => item.id);
    if (unread.length === 0) return;
    unread.forEach((id) => marked.current.add(id));
    setFresh((previous) => new Set([...previous, ...unread]));
    markRead.mutate(unread);
  }, [feedback.data, markRead]);
  return (
    <Card title={t('my.feedback.title')} data-testid="my-feedback-page">
      {fresh.size > 0 && (
        <Alert
          type="success"
          showIcon
          title={t('my.feedback.newReplies', { count: fresh.size })}
          style={{ marginBottom: 16 }}
          data-testid="my-feedback-notice"
        />
      )}
      <List<MyFeedback>
        loading={feedback.isFetching}
        dataSource={feedback.data?.list ?? []}
        locale={{ emptyText: feedback.isError ? feedback.error.message : t('my.feedback.empty') }}
        data-testid="my-feedback-list"
        renderItem={(item) => <FeedbackItem key={item.id} item={item} fresh={fresh.has(item.id)} />}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: feedback.data?.total ?? 0, onChange: setPageNo, hideOnSinglePage: true }}
      />
    </Card>
  );
}

/** /user/feedback: the user's feedback with its state and the operator's reply. */
export default function MyFeedbackPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('my.nav.feedback'));
  return (
    <MyCenterFrame>
      <SignedInGate>
        <MyFeedbackList />
      </SignedInGate>
    </MyCenterFrame>
  );
}
