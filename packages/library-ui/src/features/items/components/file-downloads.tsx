import { Button, Card, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import type { ItemDetail } from '../types';

interface FileDownloadsProps {
  item: ItemDetail;
  /** The file kinds offered, in this order; a kind the item lacks shows no button. */
  kinds: readonly string[];
  /** The button's text of a kind (the library words its own kinds). */
  label: (kind: string) => string;
}

/** The detail page's 下载 card: one button per file kind the item has (`download-<kind>`). */
export function FileDownloads({ item, kinds, label }: FileDownloadsProps) {
  const { t } = useLibraryTranslation();
  return (
    <Card title={t('detail.downloads')} size="small" style={{ marginTop: 16 }}>
      <Space wrap>
        {kinds.map((kind) => {
          const file = item.files.find((candidate) => candidate.kind === kind);
          return file ? (
            <Button key={kind} icon={<DownloadOutlined />} href={file.url} data-testid={`download-${kind}`}>
              {label(kind)}
            </Button>
          ) : null;
        })}
        {item.files.length === 0 && <Typography.Text type="secondary">{t('detail.noFiles')}</Typography.Text>}
      </Space>
    </Card>
  );
}
