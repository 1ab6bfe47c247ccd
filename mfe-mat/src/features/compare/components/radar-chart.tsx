import { radarPoint, SERIES_COLOURS, type RadarData } from '../chart-geometry';

const SIZE = 320;
const CENTRE = SIZE / 2;
// Room beside the square for the axis names left and right of the radar (伸长率, 切变模量).
const SIDE_MARGIN = 72;
const RADIUS = 110;
const RINGS = [0.25, 0.5, 0.75, 1];

interface RadarChartProps {
  data: RadarData;
  axisLabel: (key: string) => string;
  seriesNames: readonly string[];
  title: string;
}

/** The normalised properties of every material on one radar (hand-written SVG, no chart library). */
export function RadarChart({ data, axisLabel, seriesNames, title }: RadarChartProps) {
  const count = data.axes.length;
  const polygon = (values: readonly number[]) => values.map((value, index) => radarPoint(index, count, value, RADIUS, CENTRE).join(',')).join(' ');
  return (
    <svg
      viewBox={`${-SIDE_MARGIN} 0 ${SIZE + 2 * SIDE_MARGIN} ${SIZE}`}
      role="img"
      aria-label={title}
      data-testid="mat-radar-chart"
      style={{ width: '100%', maxWidth: 520, height: 'auto' }}
    >
      <title>{title}</title>
      {RINGS.map((ring) => (
        <polygon key={ring} points={polygon(data.axes.map(() => ring))} fill="none" stroke="#e5e5e5" />
      ))}
      {data.axes.map((key, index) => {
        const [x, y] = radarPoint(index, count, 1, RADIUS, CENTRE);
        const [labelX, labelY] = radarPoint(index, count, 1.18, RADIUS, CENTRE);
        const anchor = Math.abs(labelX - CENTRE) < 4 ? 'middle' : labelX > CENTRE ? 'start' : 'end';
        return (
          <g key={key}>
            <line x1={CENTRE} y1={CENTRE} x2={x} y2={y} stroke="#d9d9d9" />
            <text x={labelX} y={labelY} fontSize={11} textAnchor={anchor} dominantBaseline="middle" fill="#595959">
              {axisLabel(key)}
            </text>
          </g>
        );
      })}
      {data.series.map((values, index) => (
        <polygon
          key={index}
          data-testid="mat-radar-series"
          points={polygon(values)}
          fill={SERIES_COLOURS[index % SERIES_COLOURS.length]}
          fillOpacity={0.12}
          stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]}
          strokeWidth={2}
        >
          <title>{seriesNames[index]}</title>
        </polygon>
      ))}
    </svg>
  );
}
