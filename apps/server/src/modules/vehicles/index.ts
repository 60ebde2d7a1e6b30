/** The vehicles module's public face (docs/design.md "Layout"): its plugin (app.vinDecoder) and routes. */
export { vehicleRoutes } from './vehicle-routes.js';
export { vehiclesPlugin } from './vehicles-plugin.js';
export { seedVehicles } from './vehicle-catalog.js';
