import { Popover, Radio, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getSelectedPlatform, setSelectedPlatform, type PlatformKey } from '@portal/session';
import { visiblePlatforms } from '../../../app/rules/platforms';
import type { HeaderType } from '../../../app/rules/header-rules';

/** Spec §2: hover, bottom-end, default width 120. */
export const PLATFORM_PICKER_WIDTH = 120;

interface PlatformPickerProps {
  type: HeaderType;
  children: ReactNode;
  /** Radio options (default) or a plain list. */
  variant?: 'radio' | 'list';
  /** Show the tip: once ticked, the next login enters this platform by default. */
  showTip?: boolean;
  width?: number;
  onSelect?: (option: { val: PlatformKey; label: string }) => void;
}

/** The platform picker popover (spec §2, §6): remembers the choice in the portal_sel_platform cookie. */
export function PlatformPicker({ type, children, variant = 'radio', showTip = true, width = PLATFORM_PICKER_WIDTH, onSelect }: PlatformPickerProps) {
  const { t } = useTranslation('shell');
  const [selected, setSelected] = useState<PlatformKey | undefined>(getSelectedPlatform);
  const options = visiblePlatforms(type).map((platform) => ({ val: platform.val, label: t(platform.labelKey) }));

  const select = (val: PlatformKey) => {
    setSelectedPlatform(val);
    setSelected(val);
    const option = options.find((item) => item.val === val);
    if (option) onSelect?.(option);
  };

  const content = (
    <div className="platform-picker" data-testid="platform-picker">
      {variant === 'radio' ? (
        <Radio.Group value={selected} onChange={(event) => select(event.target.value as PlatformKey)} className="platform-picker-options">
          {options.map((option) => (
            <Radio key={option.val} value={option.val}>
              <span data-testid={`platform-option-${option.val}`}>{option.label}</span>
            </Radio>
          ))}
        </Radio.Group>
      ) : (
        <ul className="platform-picker-list">
          {options.map((option) => (
            <li key={option.val}>
              <button
                type="button"
                className={option.val === selected ? 'is-selected' : undefined}
                data-testid={`platform-option-${option.val}`}
                onClick={() => select(option.val)}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {showTip && (
        <Typography.Text type="secondary" className="platform-picker-tip">
          {t('platform.tip')}
        </Typography.Text>
      )}
    </div>
  );

  return (
    <Popover trigger="hover" placement="bottomRight" content={content} arrow={false} styles={{ root: { width } }}>
      {children}
    </Popover>
  );
}
