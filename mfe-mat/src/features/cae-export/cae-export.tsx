import { useState } from 'react';
import { Button, Card, Select, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toAbsoluteUrl } from '@portal/http';
import type { DetailSlotProps } from '@portal/library-ui/items';
import '../../i18n/selection';
import { I18N_NAMESPACE } from '../../i18n';
import { isCaePlugin } from './cae-plugin';
import { CAE_FORMATS, caeUrl, UNIT_SYSTEMS, type CaeFormat, type UnitSystem } from './cae-url';

/**
 * Detail slot `downloads` of a material: format + unit system + 下载, a plain link to the export route
 * (the server's Content-Disposition names the file, as mfe-part's downloads do). In a CAE plugin
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
  const prominent = isCaePlugin();
  return (
    <Card
      title={prominent ? t('caeExport.pluginHint') : t('caeExport.title')}
      size="small"
      style={{ marginTop: compact ? 0 : 16, ...(prominent ? { borderColor: '#1677ff', borderWidth: 2 } : {}) }}
      data-testid="cae-export"
      data-prominent={prominent ? 'true' : undefined}
    >
      <Space wrap size={8}>
        <Select
          aria-label={t('caeExport.format')}
          data-testid="cae-format"
          value={format}
          onChange={setFormat}
          options={CAE_FORMATS.map((value) => ({ value, label: t(`caeExport.formats.${value}`) }))}
          style={{ width: 280 }}
        />
        <Select
          aria-label={t('caeExport.units')}
          data-testid="cae-units"
          value={units}
          disabled={format === 'fcmat'}
          onChange={setUnits}
          options={UNIT_SYSTEMS.map((value) => ({ value, label: t(`caeExport.unitSystems.${value}`) }))}
          style={{ width: 200 }}
        />
        <Button
          type={prominent ? 'primary' : 'default'}
          icon={<DownloadOutlined />}
          href={toAbsoluteUrl(caeUrl(id, format, units))}
          download
          data-testid="cae-download"
        >
          {t('caeExport.download')}
        </Button>
      </Space>
      {format === 'fcmat' && (
        <div>
          <Typography.Text type="secondary">{t('caeExport.fcmatUnits')}</Typography.Text>
        </div>
      )}
    </Card>
  );
}
