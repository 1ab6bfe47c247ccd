import { useState } from 'react';
import { Alert, Button, Card, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DetailSlotProps } from '@portal/library-ui/items';
import '../../i18n/selection';
import { I18N_NAMESPACE } from '../../i18n';
import { isCaePlugin } from './cae-plugin';
import { downloadCae } from './download-cae';
import { CAE_FORMATS, caeUrl, UNIT_SYSTEMS, type CaeFormat, type UnitSystem } from './cae-url';

/**
 * Detail slot `downloads` of a material: format + unit system + 下载, fetches the export route and saves it
 * under the server's name (Content-Disposition); an error envelope shows as a warning, not as a file. In a CAE plugin
 * (swType CAE) the card is highlighted and titled for the host program.
 */
export function CaeExport({ item }: DetailSlotProps) {
  return <CaeExportCard id={item.component.id} />;
}

/** The export card of material `id` (the detail slot, and the recommendation's expanded rows). */
export function CaeExportCard({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const [format, setFormat] = useState<CaeFormat>('abaqus');
  const [units, setUnits] = useState<UnitSystem>('si');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const prominent = isCaePlugin();
  const download = () => {
    setBusy(true);
    setProblem(undefined);
    downloadCae(caeUrl(id, format, units))
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Card
      title={prominent ? t('caeExport.pluginHint') : t('caeExport.title')}
      size="small"
      style={{ marginTop: compact ? 0 : 16, ...(prominent ? { borderColor: '#1677ff', borderWidth: 2 } : {}) }}
      data-testid="cae-export"
      data-prominent={prominent ? 'true' : undefined}
    >
      {/* A wrapping row whose selects shrink to the card: at 500 px (plugin mode) nothing scrolls sideways. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Select
          aria-label={t('caeExport.format')}
          data-testid="cae-format"
          value={format}
          onChange={setFormat}
          options={CAE_FORMATS.map((value) => ({ value, label: t(`caeExport.formats.${value}`) }))}
          style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 320 }}
        />
        <Select
          aria-label={t('caeExport.units')}
          data-testid="cae-units"
          value={units}
          disabled={format === 'fcmat'}
          onChange={setUnits}
          options={UNIT_SYSTEMS.map((value) => ({ value, label: t(`caeExport.unitSystems.${value}`) }))}
          style={{ flex: '1 1 160px', minWidth: 0, maxWidth: 220 }}
        />
        <Button type={prominent ? 'primary' : 'default'} icon={<DownloadOutlined />} loading={busy} onClick={download} data-testid="cae-download">
          {t('caeExport.download')}
        </Button>
      </div>
      {problem && <Alert type="warning" showIcon data-testid="cae-problem" title={problem} style={{ marginTop: 8 }} />}
      {format === 'fcmat' && (
        <div>
          <Typography.Text type="secondary">{t('caeExport.fcmatUnits')}</Typography.Text>
        </div>
      )}
    </Card>
  );
}
