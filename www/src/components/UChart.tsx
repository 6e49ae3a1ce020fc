// A uPlot chart in a Preact component: sized to its container, redrawn when its data changes.
// uPlot positions points with floats (pixels only); every figure shown in words comes from the
// caller's exact strings (the tooltip and the table), never from these floats.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UChartProps {
  options: (width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  label: string;
  onIndex?: (idx: number | null) => void;
  /** Bucket count, for keyboard stepping. */
  length: number;
  selected: number | null;
}

export function UChart({ options, data, label, onIndex, length, selected }: UChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const onIndexRef = useRef(onIndex);
  onIndexRef.current = onIndex;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(280, el.clientWidth);
    const opts = options(width);
    opts.hooks = {
      ...opts.hooks,
      setCursor: [
        ...(opts.hooks?.setCursor ?? []),
        (u: uPlot) => {
          const idx = u.cursor.idx;
          if (idx != null) onIndexRef.current?.(idx);
        },
      ],
    };
    const u = new uPlot(opts, data, el);
    plot.current = u;
    const ro = new ResizeObserver(() => {
      const w = Math.max(280, el.clientWidth);
      if (Math.abs(w - u.width) > 2) u.setSize({ width: w, height: u.height });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [options, data]);

  const step = (delta: number) => {
    const next = Math.max(0, Math.min(length - 1, (selected ?? (delta > 0 ? -1 : length)) + delta));
    onIndex?.(next);
    const u = plot.current;
    const x = u?.data[0]?.[next];
    if (u && x != null) {
      const left = u.valToPos(x, 'x');
      u.setCursor({ left, top: Math.round(u.bbox.height / (2 * devicePixelRatio)) }, false);
    }
  };

  return (
    <div
      class="chart"
      ref={box}
      role="img"
      aria-label={`${label}. Use the left and right arrow keys to step through the periods; the figures of the selected period are listed below the chart.`}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') {
          e.preventDefault();
          step(1);
        } else if (e.key === 'ArrowLeft') {
          e.preventDefault();
          step(-1);
        } else if (e.key === 'Home') {
          e.preventDefault();
          step(-length);
        } else if (e.key === 'End') {
          e.preventDefault();
          step(length);
        }
      }}
    />
  );
}
