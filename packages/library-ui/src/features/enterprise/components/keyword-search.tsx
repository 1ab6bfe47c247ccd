import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';

/**
 * The enterprise lists' keyword box (code, name, manufacturer): searches on Enter or the button, and clearing the
 * box shows everything again at once. `onSearch` gets the trimmed keyword ('' for none).
 */
export function KeywordSearch({ active, onSearch, testId }: { active: boolean; onSearch: (keyword: string) => void; testId: string }) {
  const { t } = useLibraryTranslation();
  const [text, setText] = useState('');
  return (
    <Space.Compact style={{ width: 360, maxWidth: '100%' }}>
      <Input
        type="search"
        data-testid={testId}
        aria-label={t('enterprise.filter.keyword')}
        placeholder={t('enterprise.filter.keyword')}
        allowClear
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '' && active) onSearch('');
        }}
        onPressEnter={() => onSearch(text.trim())}
      />
      <Button icon={<SearchOutlined />} aria-label={t('enterprise.filter.search')} onClick={() => onSearch(text.trim())} data-testid={`${testId}-search`} />
    </Space.Compact>
  );
}
