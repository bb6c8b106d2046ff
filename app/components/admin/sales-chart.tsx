import { useEffect, useRef, useState } from "react";
import "uplot/dist/uPlot.min.css";
import { axisDay } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";

type Point = { day: string; revenue: number; orders: number };

/**
 * 30-day paid sales, drawn by uPlot (small, maintained, canvas). It is imported
 * only here, so only admin pages load it; the storefront bundle never sees it.
 */
export function SalesChart({ daily }: { daily: Point[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled || !box.current) return;
        const el = box.current;
        const xs = daily.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
        const naira = new Intl.NumberFormat("en-NG", { notation: "compact", maximumFractionDigits: 1 });
        chart = new UPlot(
          {
            width: el.clientWidth,
            height: 220,
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [
              // uPlot writes days month first (11/7), which a Nigerian reads as 11 July
              { stroke: "#6b5753", grid: { show: false }, values: (_u, vals) => vals.map((v) => axisDay(new Date(v * 1000))) },
              { stroke: "#6b5753", grid: { stroke: "#e7d9cc" }, size: 56, values: (_u, vals) => vals.map((v) => `₦${naira.format(v)}`) },
            ],
            series: [{}, { label: "Paid sales", stroke: "#a3435a", width: 2, fill: "rgba(163,67,90,0.12)", points: { show: false } }],
          },
          [xs, daily.map((d) => d.revenue)],
          el,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: 220 }));
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [daily]);

  const total = daily.reduce((s, d) => s + d.revenue, 0);
  return (
    <figure className="rounded-2xl border border-line bg-linen p-4">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-display text-lg">Paid sales, last 30 days</span>
        <span className="text-sm text-muted">
          {formatNairaAmount(total)} in {daily.reduce((s, d) => s + d.orders, 0)} orders
        </span>
      </figcaption>
      <div
        ref={box}
        className="h-[220px] w-full"
        role="img"
        aria-label={`Line chart of paid sales per day over the last 30 days, ${formatNairaAmount(total)} in total`}
      />
      {failed ? <p className="text-sm text-muted">The chart could not load.</p> : null}
    </figure>
  );
}
