import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts the screens draw (bar and line charts on a grid, tooltips, canvas), not the whole library.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
