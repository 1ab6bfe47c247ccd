import { Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { I18N_NAMESPACE } from '../../../i18n';
import { CaeExportCard } from '../../cae-export';
import type { RankedMaterial, Recommendation } from '../types';
import { formatSi } from '../units';

function formatIndex(value: number): string {
  return Math.abs(value) >= 1e5 || (Math.abs(value) < 1e-2 && value !== 0) ? value.toExponential(3) : String(Number(value.toPrecision(4)));
}

/** The ranked materials with the reason for each rank (index value, tightest constraint). */
export function ResultsTable({ recommendation }: { recommendation: Recommendation }) {
  const { t, i18n } = useTranslation(I18N_NAMESPACE);
  const english = i18n.language.startsWith('en');
  const objective = recommendation.objective;
  const formula = objective.kind === 'index' || !objective.property ? objective.formula : t(`selection.properties.${objective.property}`);
  // A property objective reads in the property's unit (`2.7 g/cm³`); an index is a plain number.
  const valueText = (value: number) => (objective.kind === 'index' || !objective.property ? formatIndex(value) : formatSi(objective.property, value));
  const reason = (row: RankedMaterial) => {
    const parts = [t('selection.reasonValue', { formula, value: valueText(row.value.guaranteed) })];
    if (row.limiting) {
      parts.push(
        t('selection.reasonLimiting', { property: t(`selection.properties.${row.limiting.property}`), margin: Math.round(row.limiting.margin * 100) }),
      );
    }
    if (row.fit === 'possiblyMet') parts.push(t('selection.reasonPossibly'));
    return parts.join('；');
  };
  return (
    <Table<RankedMaterial>
      data-testid="selection-results"
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 640 }}
      // A simulation engineer takes the chosen material straight into the model.
      expandable={{ expandedRowRender: (row) => <CaeExportCard id={row.id} compact /> }}
      dataSource={recommendation.results}
      locale={{ emptyText: t('selection.empty') }}
      columns={[
        { title: t('selection.rank'), dataIndex: 'rank', width: 64 },
        {
          title: t('selection.material'),
          key: 'material',
          render: (_, row) => (
            <Link to={`/detail/${row.id}`} data-testid="selection-result-link">
              {row.grade ? `${row.grade} · ${row.designation}` : row.designation}
            </Link>
          ),
        },
        { title: t('selection.family'), key: 'family', render: (_, row) => (english ? row.familyNameEn : row.familyName) ?? row.family ?? '—' },
        { title: `${t('selection.value')} ${formula}`, key: 'value', render: (_, row) => valueText(row.value.guaranteed) },
        { title: t('selection.reason'), key: 'reason', render: (_, row) => reason(row) },
      ]}
    />
  );
}
