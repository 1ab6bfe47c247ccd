import { useState } from 'react';
import { Button, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '@portal/library-ui/items';
import { insertMessage, postInsert } from './plugin-insert';

/** 插入: hands the STEP model to the CAD host (docs/parts.md "Plugin insert"). */
export function InsertButton({ part, url, fileName }: { part: { id: number; partNumber: string }; url: string; fileName: string }) {
  const { t } = useLibraryTranslation();
  const [sent, setSent] = useState<string>();
  return (
    <>
      <Button
        type="primary"
        icon={<ImportOutlined />}
        data-testid="part-insert"
        onClick={() => {
          postInsert(insertMessage(part, url, fileName));
          setSent(fileName);
        }}
      >
        {t('part.insert')}
      </Button>
      {sent && (
        <Typography.Paragraph type="success" style={{ margin: '4px 0 0' }} data-testid="part-insert-sent">
          {t('part.insertSent', { fileName: sent })}
        </Typography.Paragraph>
      )}
    </>
  );
}
