import { Breadcrumb, Card, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '../types';
import { CategoryName, useCategoryNames } from './category-name';

/** How many grandchildren a card lists before summarising the rest. */
const CHILDREN_SHOWN_PER_CARD = 8;

interface CategoryPanelProps {
  /** The category whose sub-categories the grid shows. */
  focus: CategoryNode;
  /** Root-to-focus chain, for the breadcrumb. */
  focusPath: CategoryNode[];
  /** The selected code: equals focus.code, or a leaf inside the grid which is highlighted. */
  selectedCode: string;
  onSelect: (code: string) => void;
}

function SubCategoryCard({ node, selected, onSelect }: { node: CategoryNode; selected: boolean; onSelect: (code: string) => void }) {
  const { t } = useTranslation('library');
  const names = useCategoryNames();
  const shown = node.children.slice(0, CHILDREN_SHOWN_PER_CARD);
  const hidden = node.children.length - shown.length;
  return (
    <Card
      size="small"
      hoverable
      className={selected ? 'lib-sub-card lib-sub-card--selected' : 'lib-sub-card'}
      data-testid={`category-card-${node.code}`}
      title={
        <button type="button" className="lib-link-button lib-sub-card__title" onClick={() => onSelect(node.code)}>
          <CategoryName node={node} />
        </button>
      }
      extra={
        node.children.length > 0 ? (
          <span className="lib-sub-card__count">{t('panel.subCategoryCount', { count: node.children.length })}</span>
        ) : null
      }
    >
      {node.children.length > 0 ? (
        <ul className="lib-sub-card__children">
          {shown.map((child) => (
            <li key={child.code}>
              <button type="button" className="lib-link-button" onClick={() => onSelect(child.code)} title={names.secondary(child)}>
                {names.primary(child)}
              </button>
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <button type="button" className="lib-link-button lib-sub-card__more" onClick={() => onSelect(node.code)}>
                {t('panel.more', { count: hidden })}
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <span className="lib-sub-card__code">
          {t('panel.code')}: {node.code}
        </span>
      )}
    </Card>
  );
}

/** The right-hand catalogue page: the focused category and its sub-categories as cards. */
export function CategoryPanel({ focus, focusPath, selectedCode, onSelect }: CategoryPanelProps) {
  const { t } = useTranslation('library');
  const names = useCategoryNames();
  return (
    <section className="lib-panel" data-testid="category-panel" aria-label={names.primary(focus)}>
      <Breadcrumb
        className="lib-panel__breadcrumb"
        items={[
          { key: 'all', title: t('panel.allCategories') },
          ...focusPath.map((node, position) => ({
            key: node.code,
            title:
              position === focusPath.length - 1 ? (
                names.primary(node)
              ) : (
                <button type="button" className="lib-link-button" onClick={() => onSelect(node.code)}>
                  {names.primary(node)}
                </button>
              ),
          })),
        ]}
      />
      <header className="lib-panel__header">
        <h2 className="lib-panel__title">
          <CategoryName node={focus} />
        </h2>
        <div className="lib-panel__meta">
          <Tag>
            {t('panel.code')}: {focus.code}
          </Tag>
          <span>{t('panel.subCategoryCount', { count: focus.children.length })}</span>
        </div>
      </header>
      {focus.children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.leaf')} />
      ) : (
        <div className="lib-panel__grid">
          {focus.children.map((child) => (
            <SubCategoryCard key={child.code} node={child} selected={child.code === selectedCode} onSelect={onSelect} />
          ))}
        </div>
      )}
    </section>
  );
}
