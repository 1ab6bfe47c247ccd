import type { HTMLAttributes } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { AddToCompareButton, useLibraryTranslation } from '@portal/library-ui/items';
import { differenceText, keyParameters, reasonsOf } from '../recommend-view';
import type { Recommendation } from '../types';

/** One group's recommended parts: what they are, why they are recommended, and 对比. */
export function RecommendationTable({ groupKey, items }: { groupKey: string; items: Recommendation[] }) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  return (
    <Table<Recommendation>
      data-testid={`recommend-table-${groupKey}`}
      rowKey={(item) => item.component.id}
      size="middle"
      dataSource={items}
      pagination={false}
      scroll={{ x: 900 }}
      onRow={() => ({ 'data-testid': 'recommend-row' }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('field.partNumber'),
          key: 'partNumber',
          render: (_, item) => (
            <Link to={`/detail/${item.component.id}`} data-testid="recommend-link">
              {item.component.partNumber}
            </Link>
          ),
        },
        { title: t('field.name'), key: 'name', render: (_, item) => item.component.name },
        { title: t('field.manufacturer'), key: 'manufacturer', render: (_, item) => item.component.manufacturerName ?? '—' },
        { title: t('field.package'), key: 'package', render: (_, item) => item.component.package ?? '—' },
        {
          title: t('field.keyParameters'),
          key: 'parameters',
          render: (_, item) => keyParameters(item.parameters, english) || '—',
        },
        {
          title: t('recommend.reason'),
          key: 'reason',
          render: (_, item) => (
            <Space size={[0, 4]} wrap>
              {reasonsOf(item, english).map((reason) => (
                <Tag key={reason} data-testid="recommend-reason">
                  {reason}
                </Tag>
              ))}
            </Space>
          ),
        },
        {
          title: t('recommend.differences'),
          key: 'differences',
          render: (_, item) =>
            item.differences.length === 0 ? (
              <Typography.Text type="secondary">{t('recommend.noDifferences')}</Typography.Text>
            ) : (
              <Space direction="vertical" size={0}>
                {item.differences.map((difference) => (
                  <span key={difference.key} data-testid="recommend-difference">
                    {differenceText(difference, english)}
                  </span>
                ))}
              </Space>
            ),
        },
        {
          title: t('recommend.actions'),
          key: 'actions',
          width: 110,
          render: (_, item) => <AddToCompareButton id={item.component.id} />,
        },
      ]}
    />
  );
}
