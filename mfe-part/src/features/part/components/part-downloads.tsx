import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { toAbsoluteUrl } from '@portal/http';
import { useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';
import { downloadName, formatLength, modelUrl, PROFILE_LENGTH, readLength } from '../profile-length';
import { MODEL_FORMATS, modelOf, needsLength, partDetailOf } from '../types';
import { useProfileLength } from './use-profile-length';

/**
 * Detail slot `downloads`: a profile's length (mm), then one button per model and drawing format with
 * the file name the server gives it (in the CAD plugin, 插入 sits in the title row: part-actions.tsx).
 */
export function PartDownloads({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  const detail = partDetailOf(item);
  const [reading, setLength] = useProfileLength();
  const profile = needsLength(detail);
  const length = profile ? reading.length : undefined;
  const ready = !profile || length !== undefined;
  return (
    <Card title={t('detail.downloads')} size="small" style={{ marginTop: 16 }} data-testid="part-downloads">
      {/* Keyed by the applied length: moving to another variant (or Back) resets the typed text. */}
      {profile && <LengthInput key={reading.length ?? 'invalid'} applied={reading.length} problem={reading.problem} onApply={setLength} />}
      {detail.models.length === 0 ? (
        <Typography.Text type="secondary" data-testid="part-no-models">
          {t('part.noModels')}
        </Typography.Text>
      ) : (
        <Space orientation="vertical" size={4}>
          {MODEL_FORMATS.map((format) => {
            const model = modelOf(detail, format);
            if (!model) return null;
            const name = downloadName(model, length);
            return (
              <Space key={format} size={8} wrap>
                <Button
                  icon={<DownloadOutlined />}
                  size="small"
                  disabled={!ready}
                  // `download` without a value: the server's Content-Disposition names the file.
                  href={ready ? toAbsoluteUrl(modelUrl(model, length)) : undefined}
                  download
                  data-testid={`download-${format}`}
                  data-file-name={name}
                  style={{ minWidth: 150, textAlign: 'left' }}
                >
                  {t(`part.format.${format}`)}
                </Button>
                <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  {name}
                </Typography.Text>
              </Space>
            );
          })}
        </Space>
      )}
    </Card>
  );
}

/** The profile length in mm, validated as the model route validates it; applied to the URL on Enter or 应用. */
function LengthInput({ applied, problem, onApply }: { applied?: number; problem?: string; onApply: (length: number) => void }) {
  const { t } = useLibraryTranslation();
  const [text, setText] = useState(applied === undefined ? '' : formatLength(applied));
  const typed = readLength(text);
  const error = text.trim() === '' ? 'notNumber' : typed.problem;
  const apply = () => {
    if (typed.length !== undefined) onApply(typed.length);
  };
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text style={{ marginRight: 8 }}>{t('part.length')}</Typography.Text>
      <Space.Compact>
        <Input
          data-testid="part-length"
          aria-label={t('part.length')}
          suffix="mm"
          value={text}
          status={error ? 'error' : undefined}
          inputMode="decimal"
          onChange={(event) => setText(event.target.value)}
          onPressEnter={apply}
          style={{ width: 140 }}
        />
        <Button type="primary" data-testid="part-length-apply" disabled={Boolean(error)} onClick={apply}>
          {t('part.applyLength')}
        </Button>
      </Space.Compact>
      <div>
        {error ? (
          <Typography.Text type="danger" data-testid="part-length-error">
            {t(`part.lengthProblem.${error}`, { min: PROFILE_LENGTH.min, max: PROFILE_LENGTH.max })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('part.lengthHint', { min: PROFILE_LENGTH.min, max: PROFILE_LENGTH.max })}</Typography.Text>
        )}
      </div>
      {problem && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="part-length-url-problem"
          title={t(`part.lengthProblem.${problem}`, { min: PROFILE_LENGTH.min, max: PROFILE_LENGTH.max })}
        />
      )}
    </div>
  );
}
