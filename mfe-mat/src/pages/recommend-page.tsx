import { useState } from 'react';
import { Alert, Button, Card, Col, Input, Row, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCategoryTree } from '@portal/library-ui';
import { QueryState } from '@portal/library-ui/items';
import '../i18n/selection';
import { I18N_NAMESPACE } from '../i18n';
import { CHAT_MAX_CHARS, useChatRecommend } from '../features/selection/api/chat-recommend';
import { useRecommend } from '../features/selection/api/recommend';
import { constraintsFromRows, newRowKey, rowsFromParsed, type ConstraintRow } from '../features/selection/chips';
import { ConstraintChips } from '../features/selection/components/constraint-chips';
import { ConstraintRows } from '../features/selection/components/constraint-rows';
import { LazyAshbyChart } from '../features/selection/components/lazy-ashby-chart';
import { ResultsTable } from '../features/selection/components/results-table';
import type { ObjectiveInput, Recommendation, RecommendRequest } from '../features/selection/types';
import { INDEX_FORMULAS, INDEX_KEYS, PROPERTY_KEYS, PROPERTY_UNITS } from '../features/selection/units';

/** `index:stiffBeam`, `maximise:yieldStrength`: one select over indices and property goals. */
function objectiveValue(objective: ObjectiveInput): string {
  return objective.kind === 'index' ? `index:${objective.index}` : `${objective.kind}:${objective.property}`;
}

function objectiveOf(value: string): ObjectiveInput {
  const [kind, key] = value.split(':');
  return kind === 'index' ? ({ kind: 'index', index: key } as ObjectiveInput) : ({ kind, property: key } as ObjectiveInput);
}

const FIRST_ROWS: ConstraintRow[] = [
  { key: newRowKey(), property: 'yieldStrength', min: 200, unit: PROPERTY_UNITS.yieldStrength[0].unit },
  { key: newRowKey(), property: 'density', max: 5, unit: PROPERTY_UNITS.density[0].unit },
];

/**
 * /mat/mat-recommend (材料推荐): a sentence parsed into chips, or constraint rows, an objective (Ashby's
 * indices with their formulas, or a property to maximise / minimise) and families → the ranked list with
 * reasons and the Ashby chart. Chat and form are one page: the chips are the form's constraints.
 */
export function RecommendPage() {
  const { t, i18n } = useTranslation(I18N_NAMESPACE);
  const english = i18n.language.startsWith('en');
  const [rows, setRows] = useState<ConstraintRow[]>(FIRST_ROWS);
  const [objective, setObjective] = useState<ObjectiveInput>({ kind: 'index', index: 'stiffBeam' });
  const [families, setFamilies] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState<RecommendRequest>();
  const [text, setText] = useState('');
  const chat = useChatRecommend();
  const recommendation = useRecommend(submitted);
  const tree = useCategoryTree('mat');

  const run = (next: { rows?: ConstraintRow[]; objective?: ObjectiveInput; families?: string[] } = {}) =>
    setSubmitted({
      constraints: constraintsFromRows(next.rows ?? rows),
      objective: next.objective ?? objective,
      families: next.families ?? families,
      limit: 20,
    });

  const ask = () =>
    chat.mutate(text, {
      onSuccess: (answer) => {
        const parsedRows = rowsFromParsed(answer.query.constraints);
        const parsedObjective = objectiveOf(
          answer.query.objective.kind === 'index'
            ? `index:${answer.query.objective.index}`
            : `${answer.query.objective.kind}:${answer.query.objective.property}`,
        );
        const parsedFamilies = answer.query.families.map((family) => family.code);
        setRows(parsedRows);
        setObjective(parsedObjective);
        setFamilies(parsedFamilies);
        setSubmitted(undefined);
      },
    });

  const objectiveOptions = [
    ...INDEX_KEYS.map((index) => ({ value: `index:${index}`, label: `${t(`selection.indices.${index}`)} — ${INDEX_FORMULAS[index]}` })),
    ...PROPERTY_KEYS.flatMap((property) => [
      { value: `maximise:${property}`, label: t('selection.maximise', { property: t(`selection.properties.${property}`) }) },
      { value: `minimise:${property}`, label: t('selection.minimise', { property: t(`selection.properties.${property}`) }) },
    ]),
  ];
  const treeData = (tree.data ?? []).map(function node(category): { value: string; title: string; children: ReturnType<typeof node>[] } {
    return { value: category.code, title: english ? category.nameEn : category.name, children: (category.children ?? []).map(node) };
  });
  // Before the first run, a chat answer is the result shown (the same ranking /recommend would give).
  const shown: Recommendation | undefined = submitted ? recommendation.data : chat.data?.recommendation;
  const parsed = chat.data?.query;
  const tooLong = [...text].length > CHAT_MAX_CHARS;

  return (
    <div data-testid="recommend-page" style={{ padding: 16 }}>
      <Typography.Title level={4}>{t('selection.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('selection.intro')}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('selection.chatLabel')}
            data-testid="chat-input"
            placeholder={t('selection.chatPlaceholder')}
            value={text}
            status={tooLong ? 'error' : undefined}
            onChange={(event) => setText(event.target.value)}
            onPressEnter={() => !tooLong && text.trim() && ask()}
          />
          <Button type="primary" data-testid="chat-submit" loading={chat.isPending} disabled={tooLong || !text.trim()} onClick={ask}>
            {t('selection.chatSubmit')}
          </Button>
        </Space.Compact>
        {tooLong && <Typography.Text type="danger">{t('selection.chatTooLong', { max: CHAT_MAX_CHARS })}</Typography.Text>}
        {chat.error && <Alert type="error" showIcon title={chat.error.message} style={{ marginTop: 8 }} />}
        {parsed && (
          <div style={{ marginTop: 12 }} data-testid="chat-parsed">
            <Typography.Text strong>{t('selection.parsed')}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <ConstraintChips rows={rows} onChange={setRows} />
              <Space size={[4, 8]} wrap style={{ marginLeft: 4 }}>
                {families.map((code) => {
                  const family = parsed.families.find((f) => f.code === code);
                  return (
                    <Tag key={code} color="green" closable onClose={() => setFamilies(families.filter((f) => f !== code))} data-testid={`chip-family-${code}`}>
                      {family ? (english ? family.nameEn : family.name) : code}
                    </Tag>
                  );
                })}
                {parsed.conditions.map((note) => (
                  <Tag key={note.condition} color="gold">
                    {t('selection.conditionNote', { condition: t(`selection.conditions.${note.condition}`) })}
                  </Tag>
                ))}
              </Space>
            </div>
            {parsed.familiesFromConditions && <Typography.Text type="secondary">{t('selection.familiesFromConditions')}</Typography.Text>}
            {parsed.unparsed.length > 0 && (
              <div>
                <Typography.Text type="warning" data-testid="chat-unparsed">
                  {t('selection.unparsed', { text: parsed.unparsed.join(' · ') })}
                </Typography.Text>
              </div>
            )}
          </div>
        )}
      </Card>
      <Card size="small" title={t('selection.constraints')} style={{ marginBottom: 16 }}>
        <ConstraintRows rows={rows} onChange={setRows} />
        <Row gutter={[16, 8]} style={{ marginTop: 12 }}>
          <Col xs={24} md={12}>
            <Typography.Text id="objective-label">{t('selection.objective')}</Typography.Text>
            <Select
              aria-labelledby="objective-label"
              data-testid="objective-select"
              showSearch={{ optionFilterProp: 'label' }}
              value={objectiveValue(objective)}
              options={objectiveOptions}
              onChange={(value: string) => setObjective(objectiveOf(value))}
              style={{ width: '100%' }}
            />
          </Col>
          <Col xs={24} md={12}>
            <Typography.Text id="families-label">{t('selection.families')}</Typography.Text>
            <TreeSelect
              aria-labelledby="families-label"
              data-testid="families-select"
              multiple
              allowClear
              treeData={treeData}
              value={families}
              placeholder={t('selection.familiesPlaceholder')}
              onChange={(value: string[]) => setFamilies(value)}
              style={{ width: '100%' }}
            />
          </Col>
        </Row>
        <Button type="primary" data-testid="recommend-submit" style={{ marginTop: 12 }} loading={recommendation.isFetching} onClick={() => run()}>
          {parsed ? t('selection.rerun') : t('selection.submit')}
        </Button>
      </Card>
      <QueryState
        testId="selection"
        isPending={submitted !== undefined && recommendation.isPending}
        error={submitted ? recommendation.error : null}
        onRetry={() => void recommendation.refetch()}
      >
        {shown && <RecommendationView recommendation={shown} english={english} />}
      </QueryState>
    </div>
  );
}

function RecommendationView({ recommendation, english }: { recommendation: Recommendation; english: boolean }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const excluded = recommendation.excluded
    .map((entry) =>
      t(`selection.excludedReason.${entry.reason}`, { count: entry.count, property: entry.property ? t(`selection.properties.${entry.property}`) : '' }),
    )
    .join('，');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={13}>
        <Card
          size="small"
          title={t('selection.results')}
          extra={<span data-testid="selection-summary">{t('selection.summary', { total: recommendation.total, matched: recommendation.matched })}</span>}
        >
          <ResultsTable recommendation={recommendation} />
          {excluded && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('selection.excluded', { items: excluded })}
            </Typography.Paragraph>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card size="small" lang={english ? 'en' : 'zh'}>
          <LazyAshbyChart chart={recommendation.chart} />
        </Card>
      </Col>
    </Row>
  );
}
