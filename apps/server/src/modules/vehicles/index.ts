/** The vehicles module's public face (docs/design.md "Layout"): its plugin (app.vinDecoder) and routes. */
export { vehicleRoutes } from './vehicle-routes.js';
export { vehiclesPlugin } from './vehicles-plugin.js';
export { seedVehicles } from './vehicle-catalog.js';
export {
  createVehicleDirectory,
  type NamedSlug,
  type VehicleDirectory,
  type VehicleFilter,
  type VehicleReading,
} from './vehicle-directory.js';
