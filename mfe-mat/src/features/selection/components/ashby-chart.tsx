import { useTranslation } from 'react-i18next';
import { I18N_NAMESPACE } from '../../../i18n';
import { decadeTicks, logScale, project } from '../chart-scale';
import type { ChartView } from '../types';
import { unitOf } from '../units';

const WIDTH = 720;
const HEIGHT = 460;
const MARGIN = { left: 64, right: 16, top: 16, bottom: 48 };
const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#fadb14', '#a0d911', '#f5222d', '#2f54eb'];

/** Axis value in the property's display unit, as a tick label (`10`, `0.01`, `1e+4`). */
function tickLabel(value: number, factor: number): string {
  const shown = value / factor;
  return shown >= 1e4 || shown < 1e-3 ? shown.toExponential(0) : String(Number(shown.toPrecision(3)));
}

/**
 * An Ashby chart as hand-written SVG: log axes, one convex envelope per family, a box per material
 * (its range on both axes; listed ones outlined and numbered) and the selection line. Loaded lazily.
 */
export default function AshbyChart({ chart }: { chart: ChartView }) {
  const { t } = useTranslation(I18N_NAMESPACE);
  const xs = chart.boxes.flatMap((box) => box.x).concat(chart.line ? chart.line.points.map((p) => p[0]) : []);
  const ys = chart.boxes.flatMap((box) => box.y);
  const xScale = logScale(xs, MARGIN.left, WIDTH - MARGIN.right);
  const yScale = logScale(ys, HEIGHT - MARGIN.bottom, MARGIN.top);
  const families = [...new Set(chart.envelopes.map((envelope) => envelope.family))];
  const colour = (family?: string | null) => (family ? PALETTE[families.indexOf(family) % PALETTE.length] : '#8c8c8c');
  const xUnit = unitOf(chart.x);
  const yUnit = unitOf(chart.y);
  const xName = `${t(`selection.properties.${chart.x}`)}${xUnit.unit ? ` (${xUnit.unit})` : ''}`;
  const yName = `${t(`selection.properties.${chart.y}`)}${yUnit.unit ? ` (${yUnit.unit})` : ''}`;
  const title = t('selection.chart', { x: xName, y: yName });
  const clip = 'ashby-plot-area';
  return (
    <figure style={{ margin: 0 }} data-testid="ashby-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} style={{ width: '100%', height: 'auto', maxWidth: WIDTH }}>
        <title>{title}</title>
        <defs>
          <clipPath id={clip}>
            <rect x={MARGIN.left} y={MARGIN.top} width={WIDTH - MARGIN.left - MARGIN.right} height={HEIGHT - MARGIN.top - MARGIN.bottom} />
          </clipPath>
        </defs>
        {decadeTicks(xScale).map((tick) => (
          <g key={`x${tick}`}>
            <line x1={project(xScale, tick)} x2={project(xScale, tick)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} stroke="#f0f0f0" />
            <text x={project(xScale, tick)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill="#595959">
              {tickLabel(tick, xUnit.factor)}
            </text>
          </g>
        ))}
        {decadeTicks(yScale).map((tick) => (
          <g key={`y${tick}`}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={project(yScale, tick)} y2={project(yScale, tick)} stroke="#f0f0f0" />
            <text x={MARGIN.left - 6} y={project(yScale, tick) + 4} textAnchor="end" fontSize={11} fill="#595959">
              {tickLabel(tick, yUnit.factor)}
            </text>
          </g>
        ))}
        <rect
          x={MARGIN.left}
          y={MARGIN.top}
          width={WIDTH - MARGIN.left - MARGIN.right}
          height={HEIGHT - MARGIN.top - MARGIN.bottom}
          fill="none"
          stroke="#bfbfbf"
        />
        <text x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={12}>
          {xName}
        </text>
        <text transform={`translate(16 ${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12}>
          {yName}
        </text>
        <g clipPath={`url(#${clip})`}>
          {chart.envelopes.map((envelope) => (
            <polygon
              key={envelope.family}
              data-testid="ashby-envelope"
              points={envelope.points.map(([x, y]) => `${project(xScale, x)},${project(yScale, y)}`).join(' ')}
              fill={colour(envelope.family)}
              fillOpacity={0.12}
              stroke={colour(envelope.family)}
              strokeOpacity={0.6}
            >
              <title>{envelope.name}</title>
            </polygon>
          ))}
          {chart.boxes.map((box) => {
            const x0 = project(xScale, box.x[0]);
            const x1 = project(xScale, box.x[1]);
            const y0 = project(yScale, box.y[1]);
            const y1 = project(yScale, box.y[0]);
            const listed = box.rank != null;
            return (
              <rect
                key={box.id}
                data-testid={listed ? 'ashby-box-listed' : 'ashby-box'}
                x={Math.min(x0, x1) - 2}
                y={y0 - 2}
                width={Math.max(4, Math.abs(x1 - x0) + 4)}
                height={Math.max(4, y1 - y0 + 4)}
                rx={2}
                fill={colour(box.family)}
                fillOpacity={listed ? 0.9 : 0.35}
                stroke={listed ? '#000' : 'none'}
                strokeWidth={listed ? 1 : 0}
              >
                <title>{listed ? `#${box.rank} ${box.label}` : box.label}</title>
              </rect>
            );
          })}
          {chart.line && (
            <line
              data-testid="ashby-line"
              x1={project(xScale, chart.line.points[0][0])}
              y1={project(yScale, chart.line.points[0][1])}
              x2={project(xScale, chart.line.points[1][0])}
              y2={project(yScale, chart.line.points[1][1])}
              stroke="#cf1322"
              strokeWidth={2}
              strokeDasharray="6 4"
            >
              <title>{t('selection.chartLine', { slope: chart.line.slope })}</title>
            </line>
          )}
        </g>
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: 12, fontSize: 12 }}>
        {chart.envelopes.map((envelope) => (
          <span key={envelope.family}>
            <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, background: colour(envelope.family), marginRight: 4 }} />
            {envelope.name}
          </span>
        ))}
        {chart.line && <span style={{ color: '#cf1322' }}>– – {t('selection.chartLine', { slope: chart.line.slope })}</span>}
        {chart.notPlotted > 0 && <span style={{ color: '#8c8c8c' }}>{t('selection.chartNotPlotted', { count: chart.notPlotted })}</span>}
      </figcaption>
    </figure>
  );
}
