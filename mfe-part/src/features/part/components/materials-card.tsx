import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { useGradeMaterials } from '../api/get-grade-materials';
import { gradesOf, materialsOf, type GradeMaterial, type MaterialOption } from '../types';

/** `奥氏体不锈钢 A2 / austenitic stainless A2` → the half of the language shown. */
export function materialGroupText(material: string, english: boolean): string {
  const [zh, en] = material.split(' / ');
  return (english ? en : zh) ?? material;
}

/**
 * The link of a class's grade: the materials library's page of it. A plain `<a>`: the material page
 * belongs to another application (mfe-mat), which the shell mounts on a full navigation.
 */
function GradeLink({ option, found, loading }: { option: MaterialOption; found?: GradeMaterial; loading: boolean }) {
  const { t } = useLibraryTranslation();
  if (!option.grade) return <Typography.Text type="secondary">{t('part.material.notInLibrary')}</Typography.Text>;
  if (!found) return <Typography.Text>{loading ? option.grade : `${option.grade}（${t('part.material.notInLibrary')}）`}</Typography.Text>;
  return (
    <a href={`/mat/detail/${found.id}`} data-testid={`part-material-link-${option.grade}`} title={found.name}>
      {option.grade} · {found.code}
    </a>
  );
}

/**
 * Detail section 材料: the property classes the part's standard allows (8.8 per ISO 898-1, A2-70 per ISO
 * 3506-1 …) with a grade of the materials library each, linked to its page; `typical` and `approximate`
 * grades are tagged so (docs/part-pages.md).
 */
export function MaterialsCard({ item }: DetailSlotProps) {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  const materials = materialsOf(item);
  const grades = gradesOf(materials);
  const resolved = useGradeMaterials(grades);
  if (materials.length === 0) return null;
  const byGrade = new Map((resolved.data?.list ?? []).map((found) => [found.grade, found]));
  const columns: ColumnsType<MaterialOption> = [
    {
      title: t('part.material.class'),
      key: 'class',
      render: (_, option) => (
        <>
          <Typography.Text strong>{option.class}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{option.source}</Typography.Text>
          </div>
        </>
      ),
    },
    { title: t('part.material.group'), key: 'group', responsive: ['sm'], render: (_, option) => materialGroupText(option.material, english) },
    {
      title: t('part.material.grade'),
      key: 'grade',
      render: (_, option) => (
        <>
          <GradeLink option={option} found={option.grade ? byGrade.get(option.grade) : undefined} loading={resolved.isPending} />{' '}
          <Tag
            color={option.relation === 'specified' ? 'green' : 'gold'}
            title={t(`part.material.relationHint.${option.relation}`)}
            data-testid="part-material-relation"
          >
            {t(`part.material.relation.${option.relation}`)}
          </Tag>
        </>
      ),
    },
  ];
  return (
    <Card title={t('part.material.title')} size="small" style={{ marginTop: 16 }} data-testid="part-materials">
      <Table<MaterialOption>
        size="small"
        rowKey={(option) => `${option.class}-${option.source}`}
        columns={columns}
        dataSource={materials}
        pagination={false}
        data-testid="part-materials-table"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('part.material.note')}
      </Typography.Paragraph>
      {resolved.isError && <Typography.Text type="warning">{t('part.material.linkError')}</Typography.Text>}
    </Card>
  );
}
