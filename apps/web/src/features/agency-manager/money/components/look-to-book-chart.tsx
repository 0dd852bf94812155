import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LookToBookDay } from '@portal/domain/sub-agencies';
import { formatDate, useDatePattern } from '../../../../shared/dates/format-date';
import { axisOf, labelStep, withoutYear } from '../lib/chart-scale';

const WIDTH = 520;
const HEIGHT = 240;
const M = { top: 16, right: 44, bottom: 28, left: 44 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

/** The chart's colours; the legend and the table use the same. */
export const SERIES_COLORS = { searches: '#91caff', bookings: '#0958d9', ratio: '#d46b08' } as const;

/** The values of an axis's steps, from 0 to its top. */
function stepsOf(axis: { max: number; step: number }): number[] {
  const count = Math.round(axis.max / axis.step);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * axis.step).toPrecision(12)));
}

/** The ratio line as path segments: a day without bookings (no ratio) breaks the line. */
function ratioPath(points: ({ x: number; y: number } | null)[]): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (!point) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${point.x.toFixed(1)},${point.y.toFixed(1)} `;
    drawing = true;
  }
  return path.trim();
}

/**
 * Searches and bookings per day as bars on the left axis, searches per booking as a line on the
 * right axis. A picture only (`role="img"` with a summary): the same figures are in the table
 * that goes with it, which screen readers read instead.
 */
export function LookToBookChart({ days, summary }: { days: LookToBookDay[]; summary: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const short = withoutYear(useDatePattern());
  const counts = axisOf(Math.max(0, ...days.map((d) => d.searches)), 4, true);
  const ratios = axisOf(Math.max(0, ...days.map((d) => d.ratio ?? 0)), 4);
  const countMax = counts.max;
  const ratioMax = ratios.max;
  const band = PLOT_W / Math.max(days.length, 1);
  const bar = Math.max(1, band * 0.36);
  const yCount = (n: number) => M.top + PLOT_H - (n / countMax) * PLOT_H;
  const yRatio = (r: number) => M.top + PLOT_H - (r / ratioMax) * PLOT_H;
  const step = labelStep(days.length);
  const points = days.map((d, i) =>
    d.ratio === null ? null : { x: M.left + band * (i + 0.5), y: yRatio(d.ratio) },
  );

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={titleId}
      data-testid="look-to-book-chart"
      style={{ maxWidth: WIDTH, fontSize: 12 }}
    >
      <title id={titleId}>{summary}</title>
      {stepsOf(counts).map((n) => (
        <g key={`count-${n}`}>
          <line x1={M.left} x2={M.left + PLOT_W} y1={yCount(n)} y2={yCount(n)} stroke="#f0f0f0" />
          <text x={M.left - 6} y={yCount(n) + 4} textAnchor="end" fill="#595959">
            {n}
          </text>
        </g>
      ))}
      {stepsOf(ratios).map((r) => (
        <text key={`ratio-${r}`} x={M.left + PLOT_W + 6} y={yRatio(r) + 4} fill={SERIES_COLORS.ratio}>
          {r}
        </text>
      ))}
      {days.map((d, i) => {
        const x = M.left + band * i + (band - 2 * bar) / 2;
        const label = t('agencyMoney.lookToBook.dayTip', {
          day: formatDate(d.day),
          searches: d.searches,
          bookings: d.bookings,
          ratio: d.ratio ?? '–',
        });
        return (
          <g key={d.day} data-day={d.day}>
            <title>{label}</title>
            <rect
              x={x}
              y={yCount(d.searches)}
              width={bar}
              height={M.top + PLOT_H - yCount(d.searches)}
              fill={SERIES_COLORS.searches}
            />
            <rect
              x={x + bar}
              y={yCount(d.bookings)}
              width={bar}
              height={M.top + PLOT_H - yCount(d.bookings)}
              fill={SERIES_COLORS.bookings}
            />
            {i % step === 0 ? (
              <text
                x={M.left + band * (i + 0.5)}
                y={HEIGHT - M.bottom + 16}
                textAnchor="middle"
                fill="#595959"
              >
                {formatDate(d.day, short)}
              </text>
            ) : null}
          </g>
        );
      })}
      <path d={ratioPath(points)} fill="none" stroke={SERIES_COLORS.ratio} strokeWidth={2} />
      {points.map((p, i) =>
        p ? <circle key={days[i]?.day ?? i} cx={p.x} cy={p.y} r={3} fill={SERIES_COLORS.ratio} /> : null,
      )}
      <line x1={M.left} x2={M.left + PLOT_W} y1={M.top + PLOT_H} y2={M.top + PLOT_H} stroke="#8c8c8c" />
    </svg>
  );
}
