import { formatNumber } from '../../material';
import { SERIES_COLOURS, type BarData } from '../chart-geometry';

const WIDTH = 300;
const LABEL_WIDTH = 96;
const BAR_HEIGHT = 14;
const GAP = 6;

interface BarChartProps {
  data: BarData;
  title: string;
  seriesNames: readonly string[];
}

/** One property of every material as horizontal bars from zero (hand-written SVG). */
export function BarChart({ data, title, seriesNames }: BarChartProps) {
  const height = data.bars.length * (BAR_HEIGHT + GAP) + 24;
  const track = WIDTH - LABEL_WIDTH - 56;
  return (
    <figure style={{ margin: 0 }} data-testid={`mat-bar-chart-${data.key}`}>
      <figcaption style={{ fontSize: 13, marginBottom: 4 }}>
        {title}
        {data.unit && ` (${data.unit})`}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title} style={{ width: '100%', height: 'auto' }}>
        {data.bars.map((bar, index) => {
          const y = index * (BAR_HEIGHT + GAP);
          const length = bar ? bar.fraction * track : 0;
          return (
            <g key={index}>
              <text x={LABEL_WIDTH - 6} y={y + BAR_HEIGHT / 2} fontSize={10} textAnchor="end" dominantBaseline="middle" fill="#595959">
                {seriesNames[index].length > 14 ? `${seriesNames[index].slice(0, 13)}…` : seriesNames[index]}
              </text>
              <rect x={LABEL_WIDTH} y={y} width={track} height={BAR_HEIGHT} fill="#fafafa" />
              {bar && (
                <rect data-testid="mat-bar" x={LABEL_WIDTH} y={y} width={length} height={BAR_HEIGHT} fill={SERIES_COLOURS[index % SERIES_COLOURS.length]} />
              )}
              <text x={LABEL_WIDTH + length + 4} y={y + BAR_HEIGHT / 2} fontSize={10} dominantBaseline="middle" fill="#262626">
                {bar ? formatNumber(bar.value) : '—'}
              </text>
            </g>
          );
        })}
        <text x={LABEL_WIDTH} y={height - 6} fontSize={9} fill="#8c8c8c">
          0
        </text>
        <text x={LABEL_WIDTH + track} y={height - 6} fontSize={9} textAnchor="end" fill="#8c8c8c">
          {formatNumber(data.scaleMax)}
        </text>
      </svg>
    </figure>
  );
}
