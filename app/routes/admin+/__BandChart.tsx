import { SCORE_BANDS, type ScoreBand } from "~/lib/rules/analytics-rules";

const COLORS: Record<ScoreBand, string> = { excellent: "#15803d", good: "#2f4fd8", average: "#ca8a04", poor: "#dc2626" };

/** Score distribution as a server-rendered bar chart, with a table for screen readers. */
export function BandChart({ bands }: { bands: Record<ScoreBand, number> }) {
  const max = Math.max(1, ...SCORE_BANDS.map((b) => bands[b.key]));
  const total = SCORE_BANDS.reduce((a, b) => a + bands[b.key], 0);
  return (
    <figure>
      <svg viewBox="0 0 320 165" role="img" aria-labelledby="band-chart-title" className="h-auto w-full max-w-md">
        <title id="band-chart-title">Score distribution of {total} attempts</title>
        {SCORE_BANDS.map((b, i) => {
          const h = Math.round((bands[b.key] / max) * 100);
          const x = 20 + i * 75;
          return (
            <g key={b.key}>
              <rect x={x} y={120 - h} width={50} height={Math.max(h, 1)} rx={4} fill={COLORS[b.key]} />
              <text x={x + 25} y={115 - h} textAnchor="middle" fontSize="12" fill="#0f172a">
                {bands[b.key]}
              </text>
              <text x={x + 25} y={138} textAnchor="middle" fontSize="11" fill="#334155">
                {b.label}
              </text>
              <text x={x + 25} y={152} textAnchor="middle" fontSize="9" fill="#64748b">
                {b.range}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <thead>
            <tr>
              <th>Band</th>
              <th>Attempts</th>
            </tr>
          </thead>
          <tbody>
            {SCORE_BANDS.map((b) => (
              <tr key={b.key}>
                <td>
                  {b.label} ({b.range})
                </td>
                <td>{bands[b.key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
