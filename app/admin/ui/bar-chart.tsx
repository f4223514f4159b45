import { useTrans } from "~/i18n/translation-context";
import { formatCalendarDate } from "~/i18n/dates";

/**
 * A small bar chart of one value per day, drawn as SVG (no chart library:
 * the admin needs two of these). Each bar has a title for hovering, and the
 * figures are also in a visually hidden table for screen readers.
 */
export function BarChart({ label, series, language }: { label: string; series: { date: string; value: number }[]; language: string }) {
  const t = useTrans();
  const max = Math.max(1, ...series.map((point) => point.value));
  const width = 600;
  const height = 160;
  const gap = 3;
  const barWidth = (width - gap * (series.length - 1)) / series.length;
  const total = series.reduce((sum, point) => sum + point.value, 0);
  const dayLabel = (date: string) => formatCalendarDate(date, language, "day-month");
  return (
    <figure className="flex flex-col gap-2" data-testid="bar-chart">
      <figcaption className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-foreground">{label}</span>
        <span className="text-xs text-muted">{t(":count in 30 days", { count: total.toLocaleString(language) })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" role="img" aria-label={label}>
        <line x1="0" x2={width} y1={height} y2={height} className="stroke-divider" strokeWidth="1" />
        {series.map((point, index) => {
          const barHeight = Math.round((point.value / max) * (height - 8));
          const x = index * (barWidth + gap);
          return (
            <g key={point.date}>
              <rect x={x} y={height - barHeight} width={barWidth} height={Math.max(barHeight, point.value > 0 ? 2 : 0)} rx="2" className="fill-primary">
                <title>{`${dayLabel(point.date)}: ${point.value}`}</title>
              </rect>
            </g>
          );
        })}
        <text x="0" y={height + 16} className="fill-muted text-[11px]">
          {dayLabel(series[0]?.date ?? "")}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-muted text-[11px]">
          {dayLabel(series[series.length - 1]?.date ?? "")}
        </text>
        <text x={width} y="12" textAnchor="end" className="fill-muted text-[11px]">
          {max}
        </text>
      </svg>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">{dayLabel(point.date)}</th>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
