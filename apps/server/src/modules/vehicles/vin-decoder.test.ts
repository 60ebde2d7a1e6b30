/** The VIN decoder's worker (docs/decisions/018): decodes off the event loop, and never leaves a caller waiting. */
import { describe, expect, it } from 'vitest';
import { createVinDecoder } from './vin-decoder.js';

describe('createVinDecoder', () => {
  it('decodes in its worker, and rejects a decode still waiting when it is closed', async () => {
    const decoder = createVinDecoder();
    const waiting = decoder.decode('1HGCM82633A004352');
    await decoder.close();
    await expect(waiting).rejects.toThrow('The VIN decoder stopped');
    // A new decode starts a new worker.
    expect(await decoder.decode('1HGCM82633A004352')).toMatchObject({
      year: 2003,
      make: 'Honda',
      model: 'Accord',
    });
    await decoder.close();
  }, 30_000);
});
