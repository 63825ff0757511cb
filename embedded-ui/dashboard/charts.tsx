/**
 * Charts drawn with uPlot (a small canvas chart library, bundled: the dashboard works
 * offline), each followed by its numbers as a table. The canvas is hidden from screen
 * readers; the table is what they read, and "Show the numbers" shows it to everyone.
 */
import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useT } from "./language";

export interface Series {
  label: string;
  values: number[];
}

const DAY_SECONDS = 86_400;

/** Colours that read on light and dark backgrounds and differ for colour-blind readers (Okabe-Ito). */
const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A uPlot chart that follows its container's width (and a narrow screen). */
function useUplot(build: (width: number) => uPlot.Options, data: uPlot.AlignedData, deps: unknown[]) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const chart = new uPlot(build(width()), data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: chart.height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, deps);
  return holder;
}

function axes(labels?: string[]): uPlot.Axis[] {
  const text = themeColour("--muted", "#5b6470");
  const grid = { stroke: themeColour("--line", "#d6dbe1"), width: 1 };
  return [
    { stroke: text, grid, ticks: grid, ...(labels ? { values: (_u: uPlot, splits: number[]) => splits.map((i) => labels[i] ?? "") } : {}) },
    { stroke: text, grid, ticks: grid },
  ];
}

/** Daily series (UTC dates, YYYY-MM-DD) as lines. */
export function DailyChart({ id, title, dates, series, caption }: { id: string; title: string; dates: string[]; series: Series[]; caption?: ComponentChildren }) {
  const t = useT();
  const seconds = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const holder = useUplot(
    (width) => ({
      width,
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
      // One day alone still gets a day either side, so the axis reads in days, not years.
      scales: { x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY_SECONDS, max + DAY_SECONDS] : [min, max]) }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [{ ...axes()[0]!, incrs: [DAY_SECONDS, 7 * DAY_SECONDS, 30 * DAY_SECONDS] }, axes()[1]!],
      series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: PALETTE[i % PALETTE.length], width: 2, points: { show: dates.length < 40 } }))],
    }),
    [seconds, ...series.map((s) => s.values)],
    [id, JSON.stringify(dates), JSON.stringify(series)],
  );
  return (
    <ChartFigure id={id} title={title} caption={caption} holder={holder} head={[t("charts.day"), ...series.map((s) => s.label)]} rows={dates.map((d, i) => [d, ...series.map((s) => s.values[i] ?? 0)])} />
  );
}

/** Counts per category as bars. */
export function BarChart({ id, title, labels, series, caption }: { id: string; title: string; labels: string[]; series: Series[]; caption?: ComponentChildren }) {
  const holder = useUplot(
    (width) => ({
      width,
      height: 220,
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: axes(labels),
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: PALETTE[i % PALETTE.length],
          fill: PALETTE[i % PALETTE.length],
          paths: uPlot.paths.bars!({ size: [0.6, 64] }),
          points: { show: false },
        })),
      ],
    }),
    [labels.map((_, i) => i), ...series.map((s) => s.values)],
    [id, JSON.stringify(labels), JSON.stringify(series)],
  );
  return <ChartFigure id={id} title={title} caption={caption} holder={holder} head={["", ...series.map((s) => s.label)]} rows={labels.map((l, i) => [l, ...series.map((s) => s.values[i] ?? 0)])} />;
}

function ChartFigure({
  id,
  title,
  caption,
  holder,
  head,
  rows,
}: {
  id: string;
  title: string;
  caption?: ComponentChildren;
  holder: RefObject<HTMLDivElement | null>;
  head: string[];
  rows: (string | number)[][];
}) {
  const [showNumbers, setShowNumbers] = useState(false);
  const t = useT();
  return (
    <figure class="chart" id={id} data-chart={id}>
      <figcaption>
        <strong>{title}</strong>
        {caption ? <span class="muted"> {caption}</span> : null}
      </figcaption>
      <div class="chart-canvas" ref={holder} aria-hidden="true" />
      <button type="button" class="link" aria-expanded={showNumbers} aria-controls={`${id}-numbers`} onClick={() => setShowNumbers(!showNumbers)}>
        {showNumbers ? t("charts.hide") : t("charts.show")}
      </button>
      <div id={`${id}-numbers`} class={showNumbers ? "table-wrap" : "visually-hidden"} tabIndex={showNumbers ? 0 : undefined}>
        <table class="table chart-numbers">
          <caption class="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th scope="col" key={i}>
                  {h || "Item"}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th scope="row" key={j}>
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{typeof cell === "number" ? cell.toLocaleString() : cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
