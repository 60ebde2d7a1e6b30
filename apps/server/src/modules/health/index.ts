/** The health module's public face (docs/design.md "Layout"). */
export { healthPlugin, READY_DATABASE_TIMEOUT_MS, type Probes } from './health-routes.js';
