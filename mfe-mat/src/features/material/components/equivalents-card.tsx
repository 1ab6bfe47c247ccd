import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { materialDetailOf } from '../types';

/**
 * The grade card of the detail's right column (see {@link MaterialSideCards}): designation, standard, material number, the glossary's Chinese grade,
 * and the designations in other standards. The glossary's equivalents are APPROXIMATE (grades of
 * different standards are never quite the same material) and say so on each tag; only the source's
 * own designation is exact.
 */
export function EquivalentsCard({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const { component: record, equivalents } = materialDetailOf(item);
  const exact = equivalents.filter((equivalent) => !equivalent.approximate);
  // The glossary may repeat the source's own number (W.Nr. 1.4301): shown once, as exact.
  const isExact = (system: string, designation: string) => exact.some((other) => other.system === system && other.designation === designation);
  const approximate = equivalents.filter((equivalent) => equivalent.approximate && !isExact(equivalent.system, equivalent.designation));
  return (
    <Card title={t('mat.grade.title')} size="small" data-testid="mat-grade">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('mat.grade.designation')}>{record.designation || record.partNumber}</Descriptions.Item>
        {record.standard && <Descriptions.Item label={t('mat.grade.standard')}>{record.standard}</Descriptions.Item>}
        {record.materialNumber && <Descriptions.Item label={t('mat.grade.materialNumber')}>{record.materialNumber}</Descriptions.Item>}
        {record.grade && (
          <Descriptions.Item label={t('mat.grade.chineseGrade')}>
            <span data-testid="mat-chinese-grade">{record.grade}</span>
          </Descriptions.Item>
        )}
        {exact.length > 0 && (
          <Descriptions.Item label={t('mat.grade.exact')}>
            <Space wrap size={[4, 4]}>
              {exact.map((equivalent) => (
                <Tag key={`${equivalent.system}-${equivalent.designation}`} data-testid="mat-equivalent-exact">
                  {equivalent.system} {equivalent.designation}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        )}
        {approximate.length > 0 && (
          <Descriptions.Item label={t('mat.grade.approximate')}>
            <Space wrap size={[4, 4]}>
              {approximate.map((equivalent) => (
                <Tag key={`${equivalent.system}-${equivalent.designation}`} color="gold" data-testid="mat-equivalent-approximate">
                  ≈ {equivalent.system} {equivalent.designation}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      {approximate.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="mat-approximate-note">
          {t('mat.grade.approximateNote')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
