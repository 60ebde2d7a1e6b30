/** The metrics module's public face (docs/design.md "Layout"): GET /metrics and the metrics listener. */
export { checkBearer, METRICS_PATH, metricsPlugin } from './metrics-plugin.js';
