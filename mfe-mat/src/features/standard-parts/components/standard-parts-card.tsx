import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QueryState, useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { materialDetailOf } from '../../material';
import { partSearchUrl, usePartsOfGrade, type PartFamilyUse } from '../api/get-parts-of-grade';

/**
 * Detail section 采用此材料的标准件: the standard part families whose standards name this material's grade
 * (ISO 4762 in A2-70 for 06Cr19Ni10), each with its classes, how many variants the parts library holds
 * and a link to the parts search listing them. Links are plain `<a>`: /part is another application,
 * which the shell mounts on a full navigation. A material without a glossary grade has no section.
 */
export function StandardPartsCard({ item }: DetailSlotProps) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const grade = materialDetailOf(item).component.grade ?? undefined;
  const parts = usePartsOfGrade(grade);
  if (!grade) return null;
  const families = parts.data?.families ?? [];
  const columns: ColumnsType<PartFamilyUse> = [
    {
      title: t('standardParts.family'),
      key: 'family',
      render: (_, family) => (
        <a href={partSearchUrl(family)} data-testid={`standard-part-link-${family.standard}`}>
          {family.designation} {english ? family.nameEn : family.name}
        </a>
      ),
    },
    {
      title: t('standardParts.classes'),
      key: 'classes',
      render: (_, family) =>
        family.classes.map((option) => (
          <Tag
            key={`${option.class}-${option.source}`}
            color={option.relation === 'specified' ? 'green' : 'gold'}
            title={`${option.source} · ${t(`standardParts.relation.${option.relation}`)}`}
          >
            {option.class} · {t(`standardParts.relation.${option.relation}`)}
          </Tag>
        )),
    },
    { title: t('standardParts.count'), dataIndex: 'count', key: 'count', width: 96, responsive: ['sm'] },
  ];
  return (
    <Card title={t('standardParts.title')} size="small" style={{ marginTop: 16 }} data-testid="mat-standard-parts">
      <QueryState
        testId="mat-standard-parts"
        isPending={parts.isPending}
        error={parts.error}
        isEmpty={families.length === 0}
        emptyText={t('standardParts.none', { grade })}
        onRetry={() => void parts.refetch()}
      >
        <Table<PartFamilyUse>
          size="small"
          rowKey={(family) => `${family.family}-${family.standard}`}
          columns={columns}
          dataSource={families}
          pagination={families.length > 10 ? { pageSize: 10, size: 'small' } : false}
          data-testid="mat-standard-parts-table"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('standardParts.note', { grade })}
        </Typography.Paragraph>
      </QueryState>
    </Card>
  );
}
