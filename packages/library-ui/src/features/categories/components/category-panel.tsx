import type { ReactNode } from 'react';
import { Breadcrumb, Button, Card, Empty, Tag } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
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
  /** Items per category code (subtree included), when the library has items. */
  counts?: Readonly<Record<string, number>>;
  /** The focused category's items, shown instead of the cards. */
  items?: ReactNode;
  /** Opens the focused category's items (a library with items). */
  onShowItems?: () => void;
}

function ItemCount({ code, counts }: { code: string; counts?: Readonly<Record<string, number>> }) {
  const { t } = useTranslation('library');
  if (!counts) return null;
  return (
    <span className="lib-item-count" data-testid={`category-count-${code}`}>
      {t('panel.itemCount', { count: counts[code] ?? 0 })}
    </span>
  );
}

function SubCategoryCard({
  node,
  selected,
  onSelect,
  counts,
}: {
  node: CategoryNode;
  selected: boolean;
  onSelect: (code: string) => void;
  counts?: Readonly<Record<string, number>>;
}) {
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
        <span className="lib-sub-card__counts">
          <ItemCount code={node.code} counts={counts} />
          {node.children.length > 0 ? <span className="lib-sub-card__count">{t('panel.subCategoryCount', { count: node.children.length })}</span> : null}
        </span>
      }
    >
      {node.children.length > 0 ? (
        <ul className="lib-sub-card__children">
          {shown.map((child) => (
            <li key={child.code}>
              <button type="button" className="lib-link-button" onClick={() => onSelect(child.code)} title={names.secondary(child)}>
                {names.primary(child)}
              </button>
              {counts ? <span className="lib-sub-card__child-count">{counts[child.code] ?? 0}</span> : null}
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
export function CategoryPanel({ focus, focusPath, selectedCode, onSelect, counts, items, onShowItems }: CategoryPanelProps) {
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
          <ItemCount code={focus.code} counts={counts} />
          {focus.children.length > 0 ? <span>{t('panel.subCategoryCount', { count: focus.children.length })}</span> : null}
          {items === undefined && onShowItems && (counts?.[focus.code] ?? 1) > 0 ? (
            <Button type="primary" size="small" icon={<UnorderedListOutlined />} data-testid="category-show-items" onClick={onShowItems}>
              {t('panel.showItems')}
            </Button>
          ) : null}
          {items !== undefined && focus.children.length > 0 ? (
            <Button size="small" data-testid="category-show-cards" onClick={() => onSelect(focus.code)}>
              {t('panel.showCards')}
            </Button>
          ) : null}
        </div>
      </header>
      {items !== undefined ? (
        <div className="lib-panel__items" data-testid="category-items">
          {items}
        </div>
      ) : focus.children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.leaf')} />
      ) : (
        <div className="lib-panel__grid">
          {focus.children.map((child) => (
            <SubCategoryCard key={child.code} node={child} selected={child.code === selectedCode} onSelect={onSelect} counts={counts} />
          ))}
        </div>
      )}
    </section>
  );
}
