import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LIBRARIES, type LibraryKey } from '@portal/providers';
import { LIMITS, validateKeywords } from '@portal/validators';
import { useToast } from '../../overlays';

/** The simple manufacturer search of the brand view (spec §2, §5): placeholder 请输入厂商名称, empty refused. */
export function BrandSearch({ library, allowEmpty = false }: { library: LibraryKey; allowEmpty?: boolean }) {
  const { t } = useTranslation('shell');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const current = new URLSearchParams(location.search).get('keyWords') ?? '';
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);

  const search = (text: string) => {
    const error = validateKeywords([], { input: text, allowEmpty });
    if (error) {
      toast.error(error);
      return;
    }
    const params = new URLSearchParams({ type: String(LIBRARIES[library].headerType), keyWords: text.trim() });
    navigate(`/${library}/brand-page?${params.toString()}`);
  };

  return (
    <div className="brand-search" data-testid="brand-search">
      <Input.Search
        value={value}
        maxLength={LIMITS.keywordInput}
        placeholder={t('search.brandPlaceholder')}
        enterButton={
          // On a phone only the icon shows; the label stays the button's accessible name.
          <>
            <SearchOutlined aria-hidden />
            <span className="brand-search-label">{t('search.button')}</span>
          </>
        }
        onChange={(event) => setValue(event.target.value)}
        onSearch={search}
      />
    </div>
  );
}
