import { Card, Col, Row, Tag, Typography } from 'antd';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { partDetailOf } from '../types';

/** Detail slot `afterOverview`: the part's designations side by side (ISO / DIN / GB …), approximate ones marked. */
export function DesignationsCard({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const { equivalents } = partDetailOf(item);
  if (equivalents.length === 0) return null;
  return (
    <Card title={t('part.designations')} size="small" style={{ marginTop: 16 }} data-testid="part-designations">
      <Row gutter={[12, 12]}>
        {equivalents.map((equivalent) => (
          <Col key={`${equivalent.system}-${equivalent.designation}`} xs={24} sm={12} data-testid="part-designation">
            <Typography.Text type="secondary">{equivalent.system}</Typography.Text>
            <div>
              <Typography.Text strong copyable>
                {equivalent.designation}
              </Typography.Text>{' '}
              {equivalent.approximate && (
                <Tag color="gold" data-testid="part-designation-approximate" title={t('part.approximateHint')}>
                  {t('part.approximate')}
                </Tag>
              )}
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
