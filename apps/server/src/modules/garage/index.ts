/** The garage module's public face (docs/design.md "Layout"): the My Garage routes (docs/requirements.md §12). */
export { garageRoutes } from './garage-routes.js';
export type { GarageService, GarageUpdate } from './garage-service.js';
