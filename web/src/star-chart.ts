// The star-history chart: a plain SVG line over the crawl days, with its first and last points
// labelled and the whole series described in text for screen readers. No chart library needed.
import { svg } from "./dom.js";

export interface Point {
  date: string;
  stars: number;
}

const W = 640;
const H = 200;
const PAD = { left: 56, right: 16, top: 16, bottom: 32 };

export function starChart(points: readonly Point[], label: string, format: (n: number) => string): SVGElement {
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const s0 = Math.min(...points.map((p) => p.stars));
  const s1 = Math.max(...points.map((p) => p.stars));
  const x = (t: number) => PAD.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (s: number) => H - PAD.bottom - (s1 === s0 ? 0.5 : (s - s0) / (s1 - s0)) * (H - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${x(times[i] ?? 0).toFixed(1)},${y(p.stars).toFixed(1)}`).join(" ");
  const first = points[0];
  const last = points[points.length - 1];
  return svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, class: "star-chart" },
    svg("title", {}, label),
    svg("line", { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: "axis" }),
    svg("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: "axis" }),
    svg("text", { x: PAD.left - 6, y: y(s1) + 4, "text-anchor": "end" }, format(s1)),
    svg("text", { x: PAD.left - 6, y: y(s0) + 4, "text-anchor": "end" }, format(s0)),
    svg("text", { x: PAD.left, y: H - 8, "text-anchor": "start" }, first?.date ?? ""),
    svg("text", { x: W - PAD.right, y: H - 8, "text-anchor": "end" }, last?.date ?? ""),
    svg("polyline", { points: line, class: "series" }),
    ...points.map((p, i) => svg("circle", { cx: x(times[i] ?? 0), cy: y(p.stars), r: 2.5, class: "dot" })),
  );
}
