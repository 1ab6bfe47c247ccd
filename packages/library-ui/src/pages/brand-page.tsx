import { Card, Input, List, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../components/query-state';
import { useLibraryTranslation } from '../i18n/use-library-translation';
import { useManufacturers } from '../features/manufacturers/api/get-manufacturers';

const PAGE_SIZE = 20;

/** /{library}/brand-page?type=&keyWords=: manufacturers with search and paging. */
export default function BrandPage() {
  const { t } = useLibraryTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const keyWords = searchParams.get('keyWords') ?? '';
  const pageNo = Math.max(1, Number(searchParams.get('pageNo')) || 1);
  const manufacturers = useManufacturers({ keyWords, pageNo, pageSize: PAGE_SIZE });

  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  return (
    <div data-testid="brand-page" style={{ padding: 16 }}>
      <Typography.Title level={4}>{t('brand.title')}</Typography.Title>
      <Input.Search
        data-testid="brand-search"
        allowClear
        maxLength={64}
        defaultValue={keyWords}
        placeholder={t('brand.searchPlaceholder')}
        onSearch={(value) => update({ keyWords: value.trim() || undefined, pageNo: undefined })}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      <QueryState
        testId="brand"
        isPending={manufacturers.isPending}
        error={manufacturers.error}
        isEmpty={manufacturers.data?.list.length === 0}
        emptyText={t('brand.empty')}
        onRetry={() => void manufacturers.refetch()}
      >
        <List
          data-testid="brand-list"
          grid={{ gutter: 16, xs: 1, sm: 2, md: 3, lg: 4 }}
          dataSource={manufacturers.data?.list ?? []}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: manufacturers.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (page) => update({ pageNo: page > 1 ? String(page) : undefined }),
          }}
          renderItem={(manufacturer) => (
            <List.Item>
              <Card size="small" data-testid={`brand-card-${manufacturer.id}`}>
                <Link to={`/brand-detail/${manufacturer.id}`}>{manufacturer.name}</Link>
                {manufacturer.nameZh ? (
                  <Typography.Text type="secondary" style={{ marginLeft: 6 }} data-testid="brand-name-zh">
                    {manufacturer.nameZh}
                  </Typography.Text>
                ) : null}
                <div>
                  <Typography.Text type="secondary">{t('brand.itemCount', { count: manufacturer.componentCount })}</Typography.Text>
                </div>
              </Card>
            </List.Item>
          )}
        />
      </QueryState>
    </div>
  );
}
