import type { Garage, GarageInput, GarageVehicle, VehicleKey } from '@partsforge/shared/fitment';
import type { DecodedVin, EngineChoice, VehicleChoice } from '@partsforge/shared/vehicles';
import { http, HttpResponse } from 'msw';
import { apiError } from './respond';

/** The vehicle list of the tests (docs/requirements.md §12): two model years, two makes, two models each. */
export const vehicleYearsFixture = [2020, 2019];
export const vehicleMakesFixture: VehicleChoice[] = [
  { slug: 'honda', name: 'Honda' },
  { slug: 'toyota', name: 'Toyota' },
];
export const vehicleModelsFixture: Record<string, VehicleChoice[]> = {
  honda: [
    { slug: 'accord', name: 'Accord' },
    { slug: 'civic', name: 'Civic' },
  ],
  toyota: [
    { slug: 'camry', name: 'Camry' },
    { slug: 'corolla', name: 'Corolla' },
  ],
};
export const vehicleEnginesFixture: Record<string, EngineChoice[]> = {
  accord: [
    { id: 11, name: '1.5L 4-cyl' },
    { id: 12, name: '2.0L 4-cyl' },
  ],
  civic: [{ id: 13, name: '2.0L 4-cyl' }],
  camry: [
    { id: 21, name: '2.5L 4-cyl' },
    { id: 22, name: '3.5L V6' },
  ],
  corolla: [{ id: 23, name: '1.8L 4-cyl' }],
};

/** A well-formed VIN the test server decodes as a 2019 Honda Accord 1.5L (vPIC's upper-case make name). */
export const ACCORD_VIN = '1HGCV1F35KA000001';
/** ACCORD_VIN with a wrong check digit (position 9). */
export const MISTYPED_VIN = '1HGCV1F30KA000001';
export const decodedAccord: DecodedVin = {
  vin: ACCORD_VIN,
  year: 2019,
  make: 'HONDA',
  model: 'Accord',
  engine: '1.5L 4-cyl (L15BE)',
  listed: {
    make: { slug: 'honda', name: 'Honda' },
    model: { slug: 'accord', name: 'Accord' },
    engine: '1.5L 4-cyl',
  },
};

/** The names of a saved vehicle, from the fixtures (the slug when the fixtures do not list it). */
function named(vehicle: GarageInput['vehicles'][number]): GarageVehicle {
  const makeName = vehicleMakesFixture.find((make) => make.slug === vehicle.make)?.name ?? vehicle.make;
  const modelName =
    vehicleModelsFixture[vehicle.make]?.find((model) => model.slug === vehicle.model)?.name ?? vehicle.model;
  const engine = vehicle.engine || null;
  return {
    year: vehicle.year,
    make: vehicle.make,
    makeName,
    model: vehicle.model,
    modelName,
    engine,
    label: `${vehicle.year} ${makeName} ${modelName}${engine ? ` ${engine}` : ''}`,
  };
}

/** A garage as `GET /api/garage` answers it, from its slugs. */
export function garageOf(input: GarageInput): Garage {
  return { vehicles: input.vehicles.map(named), active: input.active ?? null };
}

/** The selector's lists and the VIN decoder, from the fixtures; an unknown make or model lists nothing. */
export const vehicleHandlers = [
  http.get('/api/vehicles/years', () => HttpResponse.json(vehicleYearsFixture)),
  http.get('/api/vehicles/makes', () => HttpResponse.json(vehicleMakesFixture)),
  http.get('/api/vehicles/models', ({ request }) => {
    const make = new URL(request.url).searchParams.get('make') ?? '';
    return HttpResponse.json(vehicleModelsFixture[make] ?? []);
  }),
  http.get('/api/vehicles/engines', ({ request }) => {
    const model = new URL(request.url).searchParams.get('model') ?? '';
    return HttpResponse.json(vehicleEnginesFixture[model] ?? []);
  }),
  http.get('/api/vehicles/vin/:vin', ({ params }) =>
    params.vin === ACCORD_VIN
      ? HttpResponse.json(decodedAccord)
      : apiError(404, 'This VIN could not be decoded'),
  ),
];

/**
 * A signed-in shopper's garage on the test server, starting as `initial`: `GET /api/garage` answers it,
 * `PUT /api/garage` replaces it and `POST /api/garage/merge` adds a visitor's (saved vehicles first, duplicates
 * once, the visitor's active vehicle active, at most 10). `state.garage` is what the server holds.
 */
export function garageApi(initial: GarageInput = { vehicles: [], active: null }) {
  const state = { garage: garageOf(initial) };
  const handlers = [
    http.get('/api/garage', () => HttpResponse.json(state.garage)),
    http.put('/api/garage', async ({ request }) => {
      state.garage = garageOf((await request.json()) as GarageInput);
      return HttpResponse.json(state.garage);
    }),
    http.post('/api/garage/merge', async ({ request }) => {
      const visitor = (await request.json()) as GarageInput;
      const key = (vehicle: VehicleKey) =>
        `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.engine || ''}`;
      const vehicles: VehicleKey[] = [...state.garage.vehicles];
      for (const vehicle of visitor.vehicles)
        if (!vehicles.some((saved) => key(saved) === key(vehicle))) vehicles.push(vehicle);
      const kept = vehicles.slice(0, 10);
      const wanted = visitor.active == null ? undefined : visitor.vehicles[visitor.active];
      const active = wanted ? kept.findIndex((vehicle) => key(vehicle) === key(wanted)) : -1;
      state.garage = garageOf({
        vehicles: kept.map(({ year, make, model, engine }) => ({ year, make, model, engine })),
        active: active === -1 ? state.garage.active : active,
      });
      return HttpResponse.json(state.garage);
    }),
  ];
  return { state, handlers };
}

/** What every test starts with: whoever signs in has an empty garage, which saves and merges like the server's. */
export const garageHandlers = [
  http.get('/api/garage', () => HttpResponse.json(garageOf({ vehicles: [], active: null }))),
  http.put('/api/garage', async ({ request }) =>
    HttpResponse.json(garageOf((await request.json()) as GarageInput)),
  ),
  http.post('/api/garage/merge', async ({ request }) =>
    HttpResponse.json(garageOf((await request.json()) as GarageInput)),
  ),
];
