/**
 * The year in review's charts (decision 034): plain SVG rendered on the
 * server (no chart library, no JavaScript), colours from the theme's
 * variables so both themes read. The SVG is decoration for sighted readers
 * (aria-hidden); the same numbers are in a table for screen readers.
 */

export interface ChartRow {
  label: string;
  value: number;
}

/** Vertical bars (months). */
export function ColumnChart({ rows, caption, valueLabel, testId }: { rows: ChartRow[]; caption: string; valueLabel: string; testId: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const width = 720;
  const height = 240;
  const top = 20;
  const bottom = 24;
  const slot = width / Math.max(rows.length, 1);
  const bar = slot * 0.6;
  return (
    // On a phone the chart keeps a readable size and scrolls sideways instead of shrinking its labels; a region
    // that scrolls takes the keyboard's focus, so it can be scrolled without a pointer (WCAG 2.1.1, decision 031).
    <figure className="mt-4 overflow-x-auto rounded-theme focus-visible:outline-2 focus-visible:outline-primary" tabIndex={0} aria-label={caption} data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto max-h-64 w-full min-w-[560px]" aria-hidden="true" focusable="false">
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} className="stroke-divider" strokeWidth="1" />
        {rows.map((row, i) => {
          const h = ((height - top - bottom) * row.value) / max;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={row.label}>
              <rect x={x} y={height - bottom - h} width={bar} height={h} rx="3" className="fill-primary" />
              {row.value > 0 ? (
                <text x={x + bar / 2} y={height - bottom - h - 5} textAnchor="middle" fontSize="16" className="fill-foreground">
                  {row.value}
                </text>
              ) : null}
              <text x={x + bar / 2} y={height - 6} textAnchor="middle" fontSize="16" className="fill-muted">
                {row.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable rows={rows} caption={caption} valueLabel={valueLabel} />
    </figure>
  );
}

/** Horizontal bars with their labels (genres, decades, countries, ratings). */
export function BarList({ rows, caption, valueLabel, testId }: { rows: ChartRow[]; caption: string; valueLabel: string; testId: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const rowHeight = 28;
  const width = 460;
  const labelWidth = 140;
  const height = Math.max(rows.length, 1) * rowHeight;
  return (
    <figure className="mt-4" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        {rows.map((row, i) => {
          const w = ((width - labelWidth - 50) * row.value) / max;
          const y = i * rowHeight;
          return (
            <g key={row.label}>
              <text x={labelWidth - 8} y={y + 18} textAnchor="end" fontSize="14" className="fill-foreground">
                {row.label.length > 18 ? `${row.label.slice(0, 17)}…` : row.label}
              </text>
              <rect x={labelWidth} y={y + 5} width={Math.max(w, row.value > 0 ? 2 : 0)} height={rowHeight - 10} rx="3" className="fill-primary" />
              <text x={labelWidth + w + 6} y={y + 18} fontSize="13" className="fill-muted">
                {row.value}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable rows={rows} caption={caption} valueLabel={valueLabel} />
    </figure>
  );
}

function ChartTable({ rows, caption, valueLabel }: { rows: ChartRow[]; caption: string; valueLabel: string }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
