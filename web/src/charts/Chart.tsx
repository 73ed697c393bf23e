/**
 * One ECharts instance in a fixed-height box (no layout shift). Imported modularly — only the
 * chart types and components the overview uses — and loaded lazily by ChartCard, so the first
 * page (the free check) never downloads ECharts. SVG renderer: crisp, and the rendered shapes are
 * DOM nodes a browser test can count without pixel snapshots.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, CustomChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export default function Chart({ option, height, label }: { option: ChartOption; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('finished', () => element.setAttribute('data-chart-ready', 'true'));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // aria: ECharts writes a text description of the series for screen readers.
    chart.current?.setOption({ aria: { enabled: true }, animation: false, ...option }, true);
  }, [option]);

  return <div ref={box} className="chart" style={{ height }} role="img" aria-label={label} />;
}
