/**
 * Fitment of the curated demo parts (parts.ts), by part number (docs/requirements.md §12): each part is universal or
 * has the application rows its name and description give, written as vehicle models, model years, engine
 * displacement, position, quantity per vehicle and notes, and read into rows with the vehicle list's years and
 * engine labels (fitment.ts vehicleRows: a row per engine label and run of years the vehicle list has). Some parts
 * carry the OE and interchange numbers of the parts they replace.
 */
import { vehicleRows, type VehicleRowOptions } from './fitment.js';
import type { SeedFitment } from './types.js';

/** What a curated part gets besides its parts.ts fields. */
export interface CuratedFitment {
  universal?: boolean;
  interchangeNumbers?: string[];
  fitment?: SeedFitment[];
}

/** Rows of the vehicle model `key` ('toyota/camry') in the model years '2018-2024' (see vehicleRows). */
function fit(key: string, years: string, options: VehicleRowOptions = {}): SeedFitment[] {
  const [from, to = from] = years.split('-').map(Number) as [number, number?];
  return vehicleRows(key, from, to, options);
}

/** A part that fits every vehicle. */
const UNIVERSAL: CuratedFitment = { universal: true };

/** A battery's rows: one per vehicle, with the group size it needs. */
const groupSize = (group: string): VehicleRowOptions => ({ note: `With a Group ${group} battery` });
/** A U-joint's rows: two per rear driveshaft, of the series it needs. */
const driveshaft = (series: string): VehicleRowOptions => ({
  position: 'Rear',
  quantity: 2,
  note: `With a ${series} series driveshaft`,
});

const front = { position: 'Front' };
const frontPair = { position: 'Front', quantity: 2 };
const rearPair = { position: 'Rear', quantity: 2 };

export const CURATED_FITMENT: Record<string, CuratedFitment> = {
  // ---- Featured Parts ----
  'BP-TOY-48210': {
    interchangeNumbers: ['04465-06090', '17D2183M', 'ZD2183'],
    fitment: fit('toyota/camry', '2018-2024', front),
  },
  'IC-FRD-26740': {
    interchangeNumbers: ['HL3Z-12029-A', 'DG-549'],
    fitment: [
      ...fit('ford/f-150', '2017-2020', { engine: '3.5L', quantity: 'cylinders' }),
      ...fit('ford/expedition', '2018-2020', { engine: '3.5L', quantity: 'cylinders' }),
    ],
  },
  'STA-HON-33190': { fitment: fit('honda/cr-v', '2017-2022', frontPair) },
  'RAD-CHV-13420': {
    interchangeNumbers: ['84101364', 'CU13420'],
    fitment: [
      ...fit('chevrolet/silverado', '2016-2018', { engine: '5.3L' }),
      ...fit('chevrolet/silverado', '2016-2018', { engine: '6.2L' }),
      ...fit('chevrolet/silverado', '2014-2015', { note: 'With 5.3L or 6.2L V8' }),
    ],
  },
  'TL-JEP-55770': {
    fitment: fit('jeep/wrangler', '2018-2024', { position: 'Rear Left', note: 'With LED tail lamps' }),
  },
  'CK-SUB-30210': {
    fitment: fit('subaru/wrx', '2015-2021', { engine: '2.0L', note: 'With 6-speed manual transmission' }),
  },

  // ---- Brakes ----
  'BR-FRD-71820': {
    interchangeNumbers: ['FL3Z-1125-B', '18A2723', '980778'],
    fitment: fit('ford/f-150', '2015-2020', { ...frontPair, note: 'Except Raptor' }),
  },
  'BP-HON-45022': {
    interchangeNumbers: ['45022-TBA-A01', '17D1578', 'ZD1578'],
    fitment: fit('honda/civic', '2016-2021', { ...front, note: 'Except Type R' }),
  },
  'BP-CHV-23415': {
    interchangeNumbers: ['22837423', '17D1707'],
    fitment: fit('chevrolet/silverado', '2014-2018', { position: 'Rear', note: 'With rear disc brakes' }),
  },
  'BR-TOY-43512': { fitment: fit('toyota/rav4', '2019-2024', frontPair) },
  'BC-JEP-14790': {
    fitment: fit('jeep/grand-cherokee', '2011-2021', {
      position: 'Front Left',
      note: 'With standard brakes',
    }),
  },
  'BP-NIS-41060': { fitment: fit('nissan/rogue', '2014-2020', front) },
  'BR-BMW-34116': {
    interchangeNumbers: ['34 11 6 792 219'],
    fitment: [
      ...fit('bmw/320i', '2013-2018', { ...frontPair, note: 'Except M Sport brakes' }),
      ...fit('bmw/328i', '2012-2016', { ...frontPair, note: 'Except M Sport brakes' }),
      ...fit('bmw/330i', '2017-2018', { ...frontPair, note: 'Except M Sport brakes' }),
    ],
  },
  'BP-MB-02420': {
    interchangeNumbers: ['A 000 420 24 04'],
    fitment: fit('mercedes-benz/sprinter', '2019-2024', { ...front, submodel: '2500' }),
  },
  'BP-AUD-06980': {
    fitment: [
      ...fit('audi/a4', '2017-2024', { ...front, note: 'With 320 mm front rotors' }),
      ...fit('audi/q5', '2018-2024', { ...front, note: 'With 320 mm front rotors' }),
    ],
  },
  'BP-KIA-58101': { fitment: fit('kia/telluride', '2020-2024', front) },
  'BC-RAM-47630': { fitment: fit('ram/1500', '2013-2018', { position: 'Rear Right' }) },
  'BF-UNV-04012': UNIVERSAL,
  'BF-UNV-03032': UNIVERSAL,

  // ---- Engine ----
  'TBK-HON-14400': {
    fitment: [
      ...fit('honda/odyssey', '2011-2017', { engine: '3.5L' }),
      ...fit('honda/pilot', '2011-2015', { engine: '3.5L' }),
      ...fit('honda/accord', '2013-2017', { engine: '3.5L' }),
    ],
  },
  'TBK-SUB-13028': {
    fitment: fit('subaru/forester', '2006-2010', { engine: '2.5L', note: 'SOHC; except Turbo' }),
  },
  'TBK-TOY-13568': {
    fitment: [
      ...fit('toyota/tacoma', '1995-2004', { engine: '3.4L' }),
      ...fit('toyota/4runner', '1996-2002', { engine: '3.4L' }),
      ...fit('toyota/t100', '1995-1998', { engine: '3.4L' }),
    ],
  },
  'SB-FRD-68115': { fitment: fit('ford/f-150', '2015-2017', { engine: '5.0L' }) },
  'SB-TOY-90916': {
    fitment: [
      ...fit('toyota/camry', '2018-2024', { engine: '2.5L' }),
      ...fit('toyota/rav4', '2019-2024', { engine: '2.5L' }),
    ],
  },
  'MAF-NIS-22680': { fitment: fit('nissan/altima', '2013-2018', { engine: '2.5L' }) },
  'MAF-GMC-23273': {
    fitment: [
      ...fit('gmc/sierra', '2014-2018', { engine: '5.3L' }),
      ...fit('gmc/sierra', '2014-2018', { engine: '6.2L' }),
    ],
  },
  'FP-CHV-19340': {
    fitment: [
      ...fit('chevrolet/equinox', '2010-2017', { engine: '2.4L' }),
      ...fit('gmc/terrain', '2010-2017', { engine: '2.4L' }),
    ],
  },
  'FP-HYU-31110': { fitment: fit('hyundai/elantra', '2011-2016', { engine: '1.8L', note: 'Sedan' }) },
  'EM-HON-50820': {
    fitment: fit('honda/accord', '2013-2017', { engine: '2.4L', position: 'Front', note: 'With CVT' }),
  },
  'EM-JEP-52059': { fitment: fit('jeep/wrangler', '2012-2018', { engine: '3.6L', position: 'Left' }) },
  'VCG-NIS-13270': { fitment: fit('nissan/altima', '2007-2012', { engine: '2.5L' }) },
  'VCG-BMW-11127': { fitment: fit('bmw/528i', '2008-2010', { engine: '3.0L' }) },

  // ---- Filters ----
  'OF-HON-15400': {
    interchangeNumbers: ['15400-PLM-A02', 'PH7317', '57356'],
    fitment: [
      ...fit('honda/civic', '2012-2024'),
      ...fit('honda/accord', '2012-2024'),
      ...fit('honda/cr-v', '2012-2024'),
    ],
  },
  'OF-FRD-50020': {
    interchangeNumbers: ['FL-500S', 'BB3Z-6731-A', 'PH10575'],
    fitment: [
      ...fit('ford/f-150', '2015-2024', { engine: '2.7L' }),
      ...fit('ford/f-150', '2011-2024', { engine: '3.5L' }),
      ...fit('ford/f-150', '2011-2024', { engine: '5.0L' }),
    ],
  },
  'OF-CHV-12640': {
    fitment: [
      ...fit('chevrolet/silverado', '2016-2024', { engine: '5.3L' }),
      ...fit('chevrolet/silverado', '2016-2024', { engine: '6.2L' }),
      ...fit('chevrolet/silverado', '2014-2015', { note: 'With 5.3L or 6.2L V8' }),
      ...fit('chevrolet/tahoe', '2014-2024', { engine: '5.3L' }),
      ...fit('chevrolet/tahoe', '2014-2024', { engine: '6.2L' }),
    ],
  },
  'OF-SUB-15208': {
    fitment: [
      ...fit('subaru/outback', '2011-2024'),
      ...fit('subaru/forester', '2011-2024'),
      ...fit('subaru/crosstrek', '2016-2024'),
    ],
  },
  'CAF-TOY-87139': {
    fitment: [
      ...fit('toyota/camry', '2013-2024'),
      ...fit('toyota/rav4', '2013-2024'),
      ...fit('toyota/highlander', '2013-2024'),
    ],
  },
  'CAF-HYU-97133': {
    fitment: [...fit('hyundai/tucson', '2016-2021'), ...fit('kia/sportage', '2017-2022')],
  },
  'CAF-SUB-72880': {
    fitment: [...fit('subaru/forester', '2014-2018'), ...fit('subaru/outback', '2015-2019')],
  },
  'EAF-TOY-17801': { fitment: fit('toyota/tacoma', '2016-2023', { engine: '3.5L' }) },
  'EAF-FRD-96010': { fitment: fit('ford/f-150', '2015-2020') },
  'EAF-MAZ-13300': {
    fitment: [
      ...fit('mazda/cx-5', '2013-2016', { engine: '2.0L' }),
      ...fit('mazda/cx-5', '2013-2016', { engine: '2.5L' }),
    ],
  },
  'FF-UNV-31610': UNIVERSAL,
  'FF-RAM-68157': {
    fitment: [
      ...fit('ram/2500', '2013-2018', { engine: '6.7L' }),
      ...fit('ram/3500', '2013-2018', { engine: '6.7L' }),
    ],
  },

  // ---- Ignition & Electrical ----
  'SP-TOY-90919': {
    interchangeNumbers: ['90919-01253', '93501'],
    fitment: [
      ...fit('toyota/camry', '2018-2024', { engine: '2.5L', quantity: 'cylinders' }),
      ...fit('toyota/rav4', '2019-2024', { engine: '2.5L', quantity: 'cylinders' }),
    ],
  },
  'SP-FRD-12405': {
    interchangeNumbers: ['SP-546', 'CYFS-12Y-2'],
    fitment: fit('ford/f-150', '2015-2020', { engine: '5.0L', quantity: 'cylinders' }),
  },
  'SP-HON-12290': {
    fitment: [
      ...fit('honda/civic', '2016-2022', { engine: '1.5L', quantity: 'cylinders', note: 'Turbo' }),
      ...fit('honda/cr-v', '2017-2022', { engine: '1.5L', quantity: 'cylinders' }),
    ],
  },
  'SP-SUB-22401': {
    fitment: [
      ...fit('subaru/outback', '2013-2024', { engine: '2.5L', quantity: 'cylinders' }),
      ...fit('subaru/forester', '2013-2024', { engine: '2.5L', quantity: 'cylinders' }),
    ],
  },
  'IC-HYU-27300': {
    fitment: [
      ...fit('hyundai/sonata', '2011-2019', { engine: '2.4L', quantity: 'cylinders' }),
      ...fit('kia/optima', '2011-2019', { engine: '2.4L', quantity: 'cylinders' }),
    ],
  },
  'IC-VW-06905': {
    fitment: [
      ...fit('volkswagen/gti', '2012-2015', { engine: '2.0L', quantity: 'cylinders' }),
      ...fit('volkswagen/golf-gti', '2016-2020', { engine: '2.0L', quantity: 'cylinders' }),
      ...fit('volkswagen/jetta', '2012-2020', { engine: '2.0L', quantity: 'cylinders', submodel: 'GLI' }),
    ],
  },
  'ALT-TOY-27060': { fitment: fit('toyota/tundra', '2007-2021', { engine: '5.7L' }) },
  'ALT-CHV-84157': {
    fitment: [
      ...fit('chevrolet/silverado', '2016-2018', { engine: '5.3L' }),
      ...fit('chevrolet/silverado', '2014-2015', { note: 'With 5.3L V8' }),
    ],
  },
  'ALT-NIS-23100': { fitment: fit('nissan/altima', '2013-2018', { engine: '2.5L' }) },
  'STR-FRD-11002': {
    fitment: [
      ...fit('ford/f-150', '2011-2017', { engine: '3.5L' }),
      ...fit('ford/f-150', '2011-2017', { engine: '5.0L' }),
    ],
  },
  'STR-JEP-56029': { fitment: fit('jeep/wrangler', '2012-2018', { engine: '3.6L' }) },
  'STR-KIA-36100': { fitment: fit('kia/sorento', '2011-2015', { engine: '2.4L' }) },
  // A battery fits the vehicles whose tray and terminals take its group size: rows, never universal.
  'BAT-UNV-48760': {
    fitment: [
      ...fit('jeep/grand-cherokee', '2011-2021', groupSize('48 (H6)')),
      ...fit('volkswagen/jetta', '2011-2018', groupSize('48 (H6)')),
      ...fit('chevrolet/malibu', '2016-2020', groupSize('48 (H6)')),
    ],
  },
  'BAT-UNV-94850': {
    fitment: [
      ...fit('ford/f-150', '2015-2020', groupSize('94R (H7)')),
      ...fit('jeep/wrangler', '2018-2024', groupSize('94R (H7)')),
    ],
  },

  // ---- Suspension & Steering ----
  'WH-CHV-51500': { fitment: fit('chevrolet/silverado', '2014-2018', { ...frontPair, note: '4WD' }) },
  'WH-HON-42200': { fitment: fit('honda/cr-v', '2012-2016', { ...rearPair, note: 'FWD' }) },
  'WH-TOY-43550': { fitment: fit('toyota/tacoma', '2005-2015', { ...frontPair, note: '4WD' }) },
  'WH-RAM-52121': { fitment: fit('ram/1500', '2012-2018', { ...frontPair, note: '4WD' }) },
  'STA-TOY-48510': { fitment: fit('toyota/camry', '2012-2017', { position: 'Front Right' }) },
  'STA-NIS-54302': { fitment: fit('nissan/altima', '2013-2018', frontPair) },
  'STA-MAZ-34900': { fitment: fit('mazda/cx-5', '2013-2016', frontPair) },
  'CA-FRD-30790': {
    fitment: fit('ford/explorer', '2011-2019', { position: 'Front Lower', quantity: 2 }),
  },
  'CA-HON-51350': { fitment: fit('honda/accord', '2013-2017', { position: 'Front Lower', quantity: 2 }) },
  'CA-BMW-31126': {
    fitment: [
      ...fit('bmw/320i', '2013-2018', { position: 'Front Lower', quantity: 2 }),
      ...fit('bmw/328i', '2012-2016', { position: 'Front Lower', quantity: 2 }),
      ...fit('bmw/330i', '2017-2018', { position: 'Front Lower', quantity: 2 }),
      ...fit('bmw/335i', '2012-2015', { position: 'Front Lower', quantity: 2 }),
    ],
  },
  'TRE-TOY-45046': { fitment: fit('toyota/tacoma', '2005-2015', frontPair) },
  'TRE-GMC-19287': {
    fitment: [
      ...fit('gmc/sierra', '2014-2018', frontPair),
      ...fit('chevrolet/silverado', '2014-2018', frontPair),
    ],
  },
  'TRE-VW-42381': {
    fitment: [
      ...fit('volkswagen/jetta', '2006-2018', frontPair),
      ...fit('volkswagen/golf', '2006-2018', frontPair),
    ],
  },
  'SBL-SUB-20470': {
    fitment: [
      ...fit('subaru/outback', '2010-2019', frontPair),
      ...fit('subaru/legacy', '2010-2019', frontPair),
    ],
  },
  'SBL-JEP-52060': { fitment: fit('jeep/wrangler', '2007-2018', frontPair) },

  // ---- Cooling ----
  'WP-TOY-16100': {
    fitment: [
      ...fit('toyota/camry', '2007-2017', { engine: '3.5L' }),
      ...fit('toyota/highlander', '2007-2017', { engine: '3.5L' }),
      ...fit('toyota/rav4', '2007-2012', { engine: '3.5L' }),
      ...fit('toyota/sienna', '2007-2017', { engine: '3.5L' }),
    ],
  },
  'WP-VW-06121': {
    interchangeNumbers: ['06L 121 111 H', '06L 121 012 A'],
    fitment: [
      ...fit('volkswagen/gti', '2015', { engine: '2.0L' }),
      ...fit('volkswagen/golf-gti', '2016-2020', { engine: '2.0L' }),
      ...fit('volkswagen/jetta', '2019-2020', { engine: '2.0L', submodel: 'GLI' }),
      ...fit('volkswagen/tiguan', '2018-2020', { engine: '2.0L' }),
      ...fit('volkswagen/passat', '2015-2020', { engine: '2.0L' }),
    ],
  },
  'WP-HYU-25100': {
    fitment: [
      ...fit('hyundai/santa-fe', '2013-2018', { engine: '3.3L' }),
      ...fit('kia/sorento', '2014-2018', { engine: '3.3L' }),
    ],
  },
  'RAD-HON-19010': { fitment: fit('honda/civic', '2016-2021', { note: 'With CVT' }) },
  'RAD-RAM-55056': { fitment: fit('ram/1500', '2013-2018', { engine: '5.7L' }) },
  'TH-FRD-85750': {
    fitment: [
      ...fit('ford/f-150', '2011-2017', { engine: '5.0L' }),
      ...fit('ford/mustang', '2011-2017', { engine: '5.0L' }),
    ],
  },
  'TH-NIS-21200': {
    fitment: [
      ...fit('nissan/altima', '2007-2018', { engine: '2.5L' }),
      ...fit('nissan/sentra', '2007-2018', { engine: '2.5L' }),
    ],
  },
  'RH-CHV-22960': {
    fitment: [
      ...fit('chevrolet/silverado', '2016-2018', { engine: '5.3L' }),
      ...fit('chevrolet/silverado', '2014-2015', { note: 'With 5.3L V8' }),
      ...fit('gmc/sierra', '2014-2018', { engine: '5.3L' }),
    ],
  },
  'RH-JEP-55111': { fitment: fit('jeep/grand-cherokee', '2011-2021', { engine: '3.6L' }) },

  // ---- Exhaust & Emissions ----
  'CAT-TOY-17410': {
    fitment: fit('toyota/tacoma', '2005-2015', {
      engine: '2.7L',
      note: 'Federal emissions; not for California',
    }),
  },
  'CAT-HON-18190': {
    fitment: fit('honda/accord', '2008-2012', {
      engine: '2.4L',
      note: 'Federal emissions; not for California',
    }),
  },
  'MUF-FRD-52300': {
    fitment: [
      ...fit('ford/f-150', '2015-2020', { engine: '2.7L', position: 'Rear', note: 'SuperCrew and SuperCab' }),
      ...fit('ford/f-150', '2015-2020', { engine: '5.0L', position: 'Rear', note: 'SuperCrew and SuperCab' }),
    ],
  },
  'MUF-UNV-40225': UNIVERSAL,
  'O2S-TOY-89467': {
    interchangeNumbers: ['89467-33080', '234-9009'],
    fitment: [
      ...fit('toyota/camry', '2010-2017', { engine: '2.5L', note: 'Upstream' }),
      ...fit('toyota/rav4', '2009-2017', { engine: '2.5L', note: 'Upstream' }),
    ],
  },
  'O2S-GMC-12657': {
    fitment: [
      ...fit('gmc/sierra', '2014-2019', { engine: '5.3L', quantity: 2, note: 'Downstream' }),
      ...fit('chevrolet/silverado', '2016-2019', { engine: '5.3L', quantity: 2, note: 'Downstream' }),
      ...fit('chevrolet/silverado', '2014-2015', { quantity: 2, note: 'Downstream; with 5.3L V8' }),
    ],
  },
  'O2S-MB-00750': {
    fitment: [
      ...fit('mercedes-benz/c-class', '2015-2020', { engine: '2.0L', note: 'Upstream' }),
      ...fit('mercedes-benz/e-class', '2017-2020', { engine: '2.0L', note: 'Upstream' }),
      ...fit('mercedes-benz/glc-class', '2016-2020', { engine: '2.0L', note: 'Upstream' }),
    ],
  },

  // ---- Lighting ----
  'LED-UNV-H1165': UNIVERSAL,
  'LED-UNV-90056': UNIVERSAL,
  'TL-TOY-81550': { fitment: fit('toyota/camry', '2018-2024', { position: 'Rear Left' }) },
  'TL-CHV-84364': {
    fitment: fit('chevrolet/silverado', '2014-2018', {
      position: 'Rear Right',
      note: 'With halogen tail lamps',
    }),
  },
  'HL-HON-33150': {
    fitment: fit('honda/civic', '2016-2021', { position: 'Front Left', note: 'Sedan and Coupe; halogen' }),
  },
  'HL-FRD-13008': {
    fitment: fit('ford/f-150', '2018-2020', {
      position: 'Front Right',
      note: 'With halogen projector headlamps',
    }),
  },

  // ---- Drivetrain ----
  'CV-HON-44305': {
    fitment: fit('honda/accord', '2013-2017', { engine: '2.4L', position: 'Front Left', note: 'With CVT' }),
  },
  'CV-TOY-43410': { fitment: fit('toyota/rav4', '2013-2018', frontPair) },
  'CV-SUB-28321': {
    fitment: [
      ...fit('subaru/outback', '2015-2019', { ...frontPair, note: 'With CVT' }),
      ...fit('subaru/legacy', '2015-2019', { ...frontPair, note: 'With CVT' }),
    ],
  },
  'CV-AUD-40700': {
    fitment: [
      ...fit('audi/a4', '2017-2023', { ...frontPair, note: 'quattro' }),
      ...fit('audi/a4-allroad', '2017-2023', frontPair),
    ],
  },
  'CK-FRD-75460': {
    fitment: fit('ford/mustang', '2011-2014', {
      engine: '5.0L',
      submodel: 'GT',
      note: 'With 6-speed manual transmission',
    }),
  },
  'CK-MAZ-16460': { fitment: fit('mazda/mx-5', '2016-2023', { note: 'With manual transmission' }) },
  // A U-joint fits the drivelines of its series: rows, never universal.
  'UJ-UNV-13100': {
    fitment: [
      ...fit('jeep/wrangler', '2007-2018', driveshaft('1310')),
      ...fit('ford/ranger', '1998-2011', driveshaft('1310')),
    ],
  },
  'UJ-UNV-13500': {
    fitment: [
      ...fit('chevrolet/silverado-hd', '2001-2019', driveshaft('1350')),
      ...fit('ram/2500', '2003-2018', driveshaft('1350')),
    ],
  },

  // ---- Body & Accessories ----
  'WB-UNV-22000': UNIVERSAL,
  'WB-UNV-26000': UNIVERSAL,
  'FM-RAM-82215': { fitment: fit('ram/1500', '2019-2024', { position: 'Front', submodel: 'Crew Cab' }) },
  'FM-TOY-90800': { fitment: fit('toyota/rav4', '2019-2024') },
  'MIR-CHV-23228': {
    fitment: fit('chevrolet/silverado', '2014-2018', { position: 'Left', note: 'With heated glass' }),
  },
  'MIR-HON-76250': {
    fitment: fit('honda/cr-v', '2017-2022', {
      position: 'Right',
      submodel: 'LX',
      note: 'Without turn signal in mirror',
    }),
  },

  // ---- Added for the vehicles the demo shows: 2008 Honda Civic, 2019 Ford F-150, 2019 Toyota Camry ----
  'BP-HON-45023': {
    interchangeNumbers: ['45022-SNA-A01', '17D1089', 'ZD1089'],
    fitment: fit('honda/civic', '2006-2011', { ...front, note: 'Except Si' }),
  },
  'BR-HON-45251': { fitment: fit('honda/civic', '2006-2011', { ...frontPair, note: 'Except Si' }) },
  'STA-HON-52610': { fitment: fit('honda/civic', '2006-2011', { ...rearPair, note: 'Sedan and Coupe' }) },
  'SP-HON-98079': { fitment: fit('honda/civic', '2006-2011', { engine: '1.8L', quantity: 'cylinders' }) },
  'BP-FRD-20010': {
    interchangeNumbers: ['FL3Z-2001-A', '17D1414M', 'ZD1414'],
    fitment: fit('ford/f-150', '2015-2020', { ...front, note: 'Except Raptor' }),
  },
  'STA-FRD-18125': { fitment: fit('ford/f-150', '2015-2020', rearPair) },
  'BR-TOY-43517': { fitment: fit('toyota/camry', '2018-2024', frontPair) },
  'BP-TOY-04466': {
    fitment: fit('toyota/camry', '2018-2024', { position: 'Rear', note: 'With electronic parking brake' }),
  },
  'STA-TOY-48520': {
    fitment: fit('toyota/camry', '2018-2024', { position: 'Front Left', note: 'Except TRD' }),
  },
  'FM-UNV-70100': UNIVERSAL,
};
