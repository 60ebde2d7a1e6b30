/** The one VIN decoder of the app, decorated as `app.vinDecoder`; its worker stops when the app closes. */
import fp from 'fastify-plugin';
import { createVinDecoder, type VinDecoder } from './vin-decoder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offline VIN decoding (vin-decoder.ts). */
    vinDecoder: VinDecoder;
  }
}

/** Registers `app.vinDecoder`. */
export const vehiclesPlugin = fp(
  async (app) => {
    const decoder = createVinDecoder();
    app.decorate('vinDecoder', decoder);
    app.addHook('onClose', () => decoder.close());
  },
  { name: 'vehicles' },
);
