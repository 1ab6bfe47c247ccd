import { useEffect, useMemo, useState } from 'react';
import { Empty, Input, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchCodes, filterCategories } from '../tree';
import type { CategoryNode } from '../types';
import { CategoryName } from './category-name';

interface CategoryTreePanelProps {
  roots: CategoryNode[];
  selectedCode: string;
  /** Codes from the root down to the selection; kept expanded so the selection is visible. */
  selectedPath: string[];
  onSelect: (code: string) => void;
}

function toTreeData(nodes: CategoryNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.code,
    title: (
      <span className="lib-tree-title" data-testid={`category-node-${node.code}`} title={`${node.name} ${node.nameEn}`.trim()}>
        <CategoryName node={node} />
        {node.children.length > 0 ? <span className="lib-tree-title__count">{node.children.length}</span> : null}
      </span>
    ),
    children: toTreeData(node.children),
    isLeaf: node.children.length === 0,
  }));
}

/** The left-hand catalogue tree with a filter box. */
export function CategoryTreePanel({ roots, selectedCode, selectedPath, onSelect }: CategoryTreePanelProps) {
  const { t } = useTranslation('library');
  const [keyword, setKeyword] = useState('');
  const [expandedCodes, setExpandedCodes] = useState<string[]>(() => selectedPath.slice(0, -1));

  // A selection made elsewhere (card click, back button, shared link) opens its ancestors.
  useEffect(() => {
    setExpandedCodes((current) => {
      const missing = selectedPath.slice(0, -1).filter((code) => !current.includes(code));
      return missing.length > 0 ? [...current, ...missing] : current;
    });
  }, [selectedPath]);

  const filtering = keyword.trim() !== '';
  const visibleRoots = useMemo(() => filterCategories(roots, keyword), [roots, keyword]);
  const treeData = useMemo(() => toTreeData(visibleRoots), [visibleRoots]);
  const filteredExpanded = useMemo(() => branchCodes(visibleRoots), [visibleRoots]);

  return (
    <section className="lib-tree-panel" aria-label={t('tree.title')}>
      <header className="lib-tree-panel__header">
        <h2 className="lib-tree-panel__title">{t('tree.title')}</h2>
        <Input.Search
          allowClear
          size="middle"
          placeholder={t('tree.filterPlaceholder')}
          aria-label={t('tree.filterPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
      </header>
      <div className="lib-tree-panel__body" data-testid="category-tree">
        {treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.noMatch', { keyword: keyword.trim() })} />
        ) : (
          <Tree
            blockNode
            treeData={treeData}
            selectedKeys={[selectedCode]}
            expandedKeys={filtering ? filteredExpanded : expandedCodes}
            onExpand={(keys) => {
              if (!filtering) setExpandedCodes(keys.map(String));
            }}
            onSelect={(_keys, info) => onSelect(String(info.node.key))}
          />
        )}
      </div>
    </section>
  );
}
