/**
 * What the demo catalogue's fitment is built from (docs/requirements.md §12; docs/decisions/020-fitment-model.md):
 * how the catalogue's model names (makes.ts) are written in the vehicle list (NHTSA vPIC's model slugs), the common
 * engines of each model, the sibling models that share parts across makes, the part types that fit every vehicle,
 * and, per part type, the quantity per vehicle and the notes application rows may carry (as in ACES). The years and
 * engine labels themselves come from the vehicle list (fitment-vehicles.ts, checked against vPIC by the tests);
 * vehicleRows reads them into application rows.
 */
import {
  FIRST_VEHICLE_YEAR,
  FITMENT_LABEL_MAX_LENGTH,
  FITMENT_NOTE_MAX_LENGTH,
  fitmentPositionProblem,
  LAST_VEHICLE_YEAR,
} from '@partsforge/shared/fitment';
import { FITMENT_VEHICLES, type FitmentVehicle } from './fitment-vehicles.js';
import type { SeedFitment } from './types.js';

/**
 * The vehicle list's model slugs of each catalogue model, by make slug then model name (makes.ts). Most are the
 * name's slug; vPIC writes some differently ('Silverado 1500' -> 'silverado', 'GLC' -> 'glc-class') or splits
 * them ('3 Series' -> '320i', '328i', '330i', '335i').
 */
export const MODEL_SLUGS: Record<string, Record<string, string[]>> = {
  toyota: {
    Camry: ['camry'],
    Corolla: ['corolla'],
    RAV4: ['rav4'],
    Tacoma: ['tacoma'],
    Highlander: ['highlander'],
    Tundra: ['tundra'],
  },
  ford: {
    'F-150': ['f-150'],
    Escape: ['escape'],
    Explorer: ['explorer'],
    Mustang: ['mustang'],
    Ranger: ['ranger'],
    Bronco: ['bronco'],
  },
  chevrolet: {
    'Silverado 1500': ['silverado'],
    Equinox: ['equinox'],
    Malibu: ['malibu'],
    Tahoe: ['tahoe'],
    Colorado: ['colorado'],
    Traverse: ['traverse'],
  },
  honda: {
    Civic: ['civic'],
    Accord: ['accord'],
    'CR-V': ['cr-v'],
    Pilot: ['pilot'],
    Odyssey: ['odyssey'],
  },
  nissan: {
    Altima: ['altima'],
    Rogue: ['rogue'],
    Sentra: ['sentra'],
    Frontier: ['frontier'],
    Pathfinder: ['pathfinder'],
  },
  hyundai: {
    Elantra: ['elantra'],
    Sonata: ['sonata'],
    Tucson: ['tucson'],
    'Santa Fe': ['santa-fe'],
    Palisade: ['palisade'],
  },
  kia: {
    Forte: ['forte'],
    Sportage: ['sportage'],
    Sorento: ['sorento'],
    Telluride: ['telluride'],
    Soul: ['soul'],
  },
  subaru: {
    Outback: ['outback'],
    Forester: ['forester'],
    Crosstrek: ['crosstrek'],
    Impreza: ['impreza'],
    WRX: ['wrx'],
    Ascent: ['ascent'],
  },
  volkswagen: {
    Jetta: ['jetta'],
    // vPIC names it 'GTI' until 2015 and 'Golf GTI' from 2016.
    'Golf GTI': ['gti', 'golf-gti'],
    Tiguan: ['tiguan'],
    Atlas: ['atlas'],
    Passat: ['passat'],
  },
  bmw: {
    '3 Series': ['320i', '328i', '330i', '335i'],
    '5 Series': ['528i', '530i', '535i', '540i'],
    X3: ['x3'],
    X5: ['x5'],
  },
  'mercedes-benz': {
    'C-Class': ['c-class'],
    'E-Class': ['e-class'],
    GLC: ['glc-class'],
    GLE: ['gle-class'],
    Sprinter: ['sprinter'],
  },
  audi: {
    A4: ['a4'],
    A6: ['a6'],
    Q5: ['q5'],
    Q7: ['q7'],
  },
  mazda: {
    Mazda3: ['mazda3'],
    'CX-5': ['cx-5'],
    'CX-30': ['cx-30'],
    'MX-5 Miata': ['mx-5'],
    'CX-9': ['cx-9'],
  },
  jeep: {
    Wrangler: ['wrangler'],
    'Grand Cherokee': ['grand-cherokee'],
    Cherokee: ['cherokee'],
    Compass: ['compass'],
    Gladiator: ['gladiator'],
  },
  ram: {
    '1500': ['1500'],
    '2500': ['2500'],
    '3500': ['3500'],
    ProMaster: ['promaster-1500', 'promaster-2500'],
  },
  gmc: {
    'Sierra 1500': ['sierra'],
    'Sierra 2500HD': ['sierra-hd'],
    Yukon: ['yukon'],
    Acadia: ['acadia'],
    Canyon: ['canyon'],
    Terrain: ['terrain'],
  },
};

/**
 * Sibling models of another make (or outside makes.ts) that share a part's application: platform twins
 * (Chevrolet/GMC, Hyundai/Kia, Volkswagen/Audi, Ford/Mazda), as 'make/model' slugs of the vehicle list, with the
 * model years they shared parts in when that was not every year.
 */
export const SIBLING_MODELS: { models: [string, string]; years?: [number, number] }[] = [
  { models: ['chevrolet/silverado', 'gmc/sierra'] },
  { models: ['chevrolet/silverado-hd', 'gmc/sierra-hd'] },
  { models: ['chevrolet/tahoe', 'gmc/yukon'] },
  { models: ['chevrolet/colorado', 'gmc/canyon'] },
  { models: ['chevrolet/equinox', 'gmc/terrain'] },
  { models: ['chevrolet/traverse', 'gmc/acadia'] },
  { models: ['hyundai/elantra', 'kia/forte'] },
  { models: ['hyundai/sonata', 'kia/optima'] },
  { models: ['hyundai/tucson', 'kia/sportage'] },
  { models: ['hyundai/santa-fe', 'kia/sorento'] },
  { models: ['hyundai/palisade', 'kia/telluride'] },
  { models: ['volkswagen/jetta', 'audi/a3'], years: [2006, 2026] },
  { models: ['volkswagen/gti', 'audi/a3'], years: [2006, 2015] },
  { models: ['volkswagen/golf-gti', 'audi/a3'], years: [2016, 2026] },
  { models: ['volkswagen/passat', 'audi/a4'], years: [1998, 2005] },
  { models: ['ford/escape', 'mazda/tribute'], years: [2001, 2011] },
  { models: ['ford/ranger', 'mazda/b-series'], years: [1994, 2010] },
];

/**
 * Displacements of each vehicle model's common North American engines ('2.5L'), by 'make/model' slug: the models
 * of MODEL_SLUGS and SIBLING_MODELS, and those the curated parts fit. Engine parts are listed for these only (the
 * vPIC engine list of a model also holds other makes' engines that share its VIN patterns); fitment-vehicles.ts
 * holds these models' years and engine labels.
 */
export const MODEL_ENGINES: Record<string, string[]> = {
  'toyota/camry': ['2.2L', '2.4L', '2.5L', '3.0L', '3.5L'],
  'toyota/corolla': ['1.6L', '1.8L', '2.0L'],
  'toyota/rav4': ['2.0L', '2.4L', '2.5L', '3.5L'],
  'toyota/tacoma': ['2.4L', '2.7L', '3.4L', '3.5L', '4.0L'],
  'toyota/highlander': ['2.4L', '2.5L', '2.7L', '3.0L', '3.3L', '3.5L'],
  'toyota/tundra': ['3.4L', '4.0L', '4.6L', '4.7L', '5.7L'],
  'ford/f-150': ['2.7L', '3.0L', '3.3L', '3.5L', '3.7L', '4.2L', '4.6L', '5.0L', '5.4L', '6.2L'],
  'ford/escape': ['1.5L', '1.6L', '2.0L', '2.3L', '2.5L', '3.0L'],
  'ford/explorer': ['2.0L', '2.3L', '3.0L', '3.3L', '3.5L', '4.0L', '4.6L'],
  'ford/mustang': ['2.3L', '3.7L', '3.8L', '4.0L', '4.6L', '5.0L', '5.2L'],
  'ford/ranger': ['2.3L', '2.5L', '3.0L', '4.0L'],
  'ford/bronco': ['2.3L', '2.7L', '3.0L'],
  'chevrolet/silverado': ['2.7L', '3.0L', '4.3L', '4.8L', '5.3L', '6.0L', '6.2L'],
  'chevrolet/silverado-hd': ['6.0L', '6.6L'],
  'chevrolet/equinox': ['1.5L', '1.6L', '2.0L', '2.4L', '3.6L'],
  'chevrolet/malibu': ['1.5L', '1.8L', '2.0L', '2.4L', '3.5L', '3.6L'],
  'chevrolet/tahoe': ['3.0L', '5.3L', '6.0L', '6.2L'],
  'chevrolet/colorado': ['2.5L', '2.7L', '2.8L', '3.6L'],
  'chevrolet/traverse': ['2.0L', '2.5L', '3.6L'],
  'honda/civic': ['1.5L', '1.6L', '1.8L', '2.0L'],
  'honda/accord': ['1.5L', '2.0L', '2.2L', '2.3L', '2.4L', '3.0L', '3.5L'],
  'honda/cr-v': ['1.5L', '2.0L', '2.4L'],
  'honda/pilot': ['3.5L'],
  'honda/odyssey': ['3.5L'],
  'nissan/altima': ['2.0L', '2.4L', '2.5L', '3.5L'],
  'nissan/rogue': ['1.5L', '2.0L', '2.5L'],
  'nissan/sentra': ['1.6L', '1.8L', '2.0L', '2.5L'],
  'nissan/frontier': ['2.4L', '2.5L', '3.3L', '3.8L', '4.0L'],
  'nissan/pathfinder': ['2.5L', '3.3L', '3.5L', '4.0L'],
  'hyundai/elantra': ['1.6L', '1.8L', '2.0L'],
  'hyundai/sonata': ['1.6L', '2.0L', '2.4L', '2.5L', '2.7L', '3.3L'],
  'hyundai/tucson': ['1.6L', '2.0L', '2.4L', '2.5L', '2.7L'],
  'hyundai/santa-fe': ['2.0L', '2.4L', '2.5L', '2.7L', '3.3L', '3.5L'],
  'hyundai/palisade': ['2.5L', '3.5L', '3.8L'],
  'kia/forte': ['1.6L', '1.8L', '2.0L', '2.4L'],
  'kia/optima': ['1.6L', '2.0L', '2.4L', '2.7L'],
  'kia/sportage': ['1.6L', '2.0L', '2.4L', '2.5L', '2.7L'],
  'kia/sorento': ['1.6L', '2.4L', '2.5L', '3.3L', '3.5L', '3.8L'],
  'kia/telluride': ['3.8L'],
  'kia/soul': ['1.6L', '2.0L'],
  'subaru/outback': ['2.4L', '2.5L', '3.0L', '3.6L'],
  'subaru/forester': ['2.0L', '2.5L'],
  'subaru/crosstrek': ['2.0L', '2.5L'],
  'subaru/impreza': ['1.8L', '2.0L', '2.2L', '2.5L'],
  'subaru/wrx': ['2.0L', '2.4L', '2.5L'],
  'subaru/ascent': ['2.4L'],
  'volkswagen/jetta': ['1.4L', '1.5L', '1.8L', '2.0L'],
  'volkswagen/gti': ['2.0L'],
  'volkswagen/golf-gti': ['2.0L'],
  'volkswagen/tiguan': ['2.0L'],
  'volkswagen/atlas': ['2.0L', '3.6L'],
  'volkswagen/passat': ['1.8L', '2.0L', '3.6L'],
  'bmw/320i': ['2.0L'],
  'bmw/328i': ['2.0L', '2.5L', '2.8L', '3.0L'],
  'bmw/330i': ['2.0L', '2.5L', '3.0L'],
  'bmw/335i': ['3.0L'],
  'bmw/528i': ['2.0L', '2.8L', '3.0L'],
  'bmw/530i': ['2.0L', '3.0L'],
  'bmw/535i': ['3.0L'],
  'bmw/540i': ['3.0L', '4.4L'],
  'bmw/x3': ['2.0L', '2.5L', '3.0L'],
  'bmw/x5': ['3.0L', '4.4L', '4.8L'],
  'mercedes-benz/c-class': ['1.8L', '2.0L', '2.5L', '3.0L', '3.5L'],
  'mercedes-benz/e-class': ['2.0L', '3.0L', '3.5L'],
  'mercedes-benz/glc-class': ['2.0L', '3.0L'],
  'mercedes-benz/gle-class': ['2.0L', '3.0L', '3.5L'],
  'mercedes-benz/sprinter': ['2.0L', '2.1L', '3.0L'],
  'audi/a3': ['1.8L', '2.0L'],
  'audi/a4': ['2.0L', '3.0L'],
  'audi/a6': ['2.0L', '3.0L'],
  'audi/q5': ['2.0L', '3.0L'],
  'audi/q7': ['2.0L', '3.0L'],
  'mazda/mazda3': ['2.0L', '2.3L', '2.5L'],
  'mazda/cx-5': ['2.0L', '2.5L'],
  'mazda/cx-30': ['2.0L', '2.5L'],
  'mazda/mx-5': ['1.6L', '1.8L', '2.0L'],
  'mazda/cx-9': ['2.5L', '3.5L', '3.7L'],
  'mazda/tribute': ['2.0L', '2.3L', '2.5L', '3.0L'],
  'mazda/b-series': ['2.3L', '2.5L', '3.0L', '4.0L'],
  'jeep/wrangler': ['2.0L', '2.4L', '3.6L'],
  'jeep/grand-cherokee': ['3.0L', '3.6L', '5.7L', '6.4L'],
  'jeep/cherokee': ['2.0L', '2.4L', '3.2L'],
  'jeep/compass': ['2.0L', '2.4L'],
  'jeep/gladiator': ['3.0L', '3.6L'],
  'ram/1500': ['3.0L', '3.6L', '5.7L'],
  'ram/2500': ['5.7L', '6.4L', '6.7L'],
  'ram/3500': ['5.7L', '6.4L', '6.7L'],
  'ram/promaster-1500': ['3.6L'],
  'ram/promaster-2500': ['3.6L'],
  'gmc/sierra': ['2.7L', '3.0L', '4.3L', '4.8L', '5.3L', '6.0L', '6.2L'],
  'gmc/sierra-hd': ['6.0L', '6.6L'],
  'gmc/yukon': ['5.3L', '6.0L', '6.2L'],
  'gmc/acadia': ['2.0L', '2.5L', '3.6L'],
  'gmc/canyon': ['2.5L', '2.7L', '2.8L', '3.6L'],
  'gmc/terrain': ['1.5L', '1.6L', '2.0L', '2.4L', '3.6L'],
  // Models only the curated parts name.
  'toyota/4runner': ['2.7L', '3.4L', '4.0L', '4.7L'],
  'toyota/t100': ['2.7L', '3.4L'],
  'toyota/sienna': ['3.0L', '3.3L', '3.5L'],
  'toyota/avalon': ['3.0L', '3.5L'],
  'ford/expedition': ['3.5L', '4.6L', '5.4L'],
  'chevrolet/suburban': ['5.3L', '6.0L', '6.2L'],
  'subaru/legacy': ['2.5L', '3.6L'],
  'volkswagen/golf': ['1.8L', '2.0L'],
  'volkswagen/jetta-gli': ['2.0L'],
  'audi/a4-allroad': ['2.0L'],
};

/**
 * Part types (part-types.ts slugs) that fit any vehicle: fluids, bulbs and blades are chosen by specification (DOT
 * rating, bulb size, length), so they carry the universal flag and no rows. Not batteries (a vehicle's tray takes
 * one group size) nor U-joints (a driveline takes one series): they have application rows like other parts.
 */
export const UNIVERSAL_PART_TYPES: ReadonlySet<string> = new Set([
  'brake-fluid',
  'led-headlight-bulb',
  'wiper-blades',
]);

/**
 * How a part type's application rows read, by part-type slug: the quantity per vehicle (a number, 'cylinders' for
 * one per cylinder as plugs and coil-on-plug coils, 'banks' for one per cylinder bank as upstream sensors), the
 * notes a row may carry (conditions any model can have: 'Except Hybrid' of a model without hybrids excludes
 * nothing), more notes for rear-axle parts, and whether a truck's row may say '4WD' (DRIVETRAIN_NOTES).
 */
export const PART_TYPE_FITMENT: Record<
  string,
  { quantity: number | 'cylinders' | 'banks'; notes: string[]; rearNotes?: string[]; drivetrain?: boolean }
> = {
  'brake-pads-ceramic': {
    quantity: 1,
    notes: ['With standard brakes', 'With heavy duty brakes', 'Except Hybrid'],
    rearNotes: ['With electronic parking brake', 'Without electronic parking brake'],
  },
  'brake-rotor-vented': {
    quantity: 2,
    notes: ['With standard brakes', 'With heavy duty brakes', 'Except Performance package'],
    rearNotes: ['With electronic parking brake'],
  },
  'brake-caliper': {
    quantity: 1,
    notes: ['With single-piston caliper', 'With standard brakes', 'Except Performance package'],
    rearNotes: ['Without electronic parking brake'],
  },
  'timing-belt-kit': { quantity: 1, notes: ['With water pump replacement', 'Except Hybrid'] },
  'serpentine-belt': { quantity: 1, notes: ['With A/C', 'Main drive belt', 'Except Hybrid'] },
  'mass-air-flow-sensor': {
    quantity: 1,
    notes: ['Federal emissions', 'California emissions', 'Except Hybrid'],
  },
  'fuel-pump-module': {
    quantity: 1,
    notes: ['Except Hybrid', 'Except Flex Fuel', 'Gas engine'],
    drivetrain: true,
  },
  'engine-mount': { quantity: 1, notes: ['With automatic transmission', 'Except Hybrid'] },
  'car-battery': { quantity: 1, notes: ['With auto start-stop', 'Without auto start-stop', 'Except Hybrid'] },
  'universal-joint': {
    quantity: 2,
    notes: ['Rear driveshaft', 'Front driveshaft', 'With 2-piece driveshaft'],
    drivetrain: true,
  },
  'valve-cover-gasket': { quantity: 1, notes: ['Except Hybrid', 'With plastic valve cover'] },
  'oil-filter': { quantity: 1, notes: ['Except Hybrid', 'Gas engine'] },
  'cabin-air-filter': { quantity: 1, notes: ['Except Hybrid', 'With rear climate control'] },
  'engine-air-filter': { quantity: 1, notes: ['Except Hybrid', 'With round air filter housing'] },
  'fuel-filter': { quantity: 1, notes: ['Gas engine', 'Except Flex Fuel'] },
  'spark-plug-iridium': { quantity: 'cylinders', notes: ['Except Hybrid', 'Gas engine'] },
  'ignition-coil': { quantity: 'cylinders', notes: ['Except Hybrid', 'Coil-on-plug ignition'] },
  alternator: {
    quantity: 1,
    notes: ['Except Start-Stop', 'With heavy duty electrical package', 'Except Hybrid'],
  },
  'starter-motor': { quantity: 1, notes: ['With automatic transmission', 'Except Start-Stop'] },
  'wheel-hub-bearing': { quantity: 2, notes: ['With ABS'], drivetrain: true },
  'strut-assembly': {
    quantity: 1,
    notes: ['Except Sport suspension', 'Except Adaptive suspension'],
    drivetrain: true,
  },
  'control-arm': { quantity: 1, notes: ['Except Sport suspension'], drivetrain: true },
  'tie-rod-end': { quantity: 2, notes: ['With rack and pinion steering'], drivetrain: true },
  'sway-bar-link': { quantity: 2, notes: ['Except Off-Road package'], drivetrain: true },
  'water-pump': { quantity: 1, notes: ['Except Hybrid', 'Mechanical water pump'] },
  radiator: {
    quantity: 1,
    notes: ['With automatic transmission', 'With heavy duty cooling', 'Except Hybrid'],
  },
  thermostat: { quantity: 1, notes: ['Except Hybrid', 'With thermostat housing'] },
  'radiator-hose': { quantity: 1, notes: ['Upper hose', 'Lower hose', 'With automatic transmission'] },
  'catalytic-converter': {
    quantity: 1,
    notes: ['Federal emissions', 'Except California emissions', 'Front converter'],
  },
  muffler: { quantity: 1, notes: ['Single exhaust', 'Dual exhaust'] },
  'oxygen-sensor': { quantity: 'banks', notes: ['Upstream', 'Downstream', 'Federal emissions'] },
  'tail-light-assembly': { quantity: 1, notes: ['With LED tail lamps', 'With incandescent lamps'] },
  'headlight-assembly': {
    quantity: 1,
    notes: ['With halogen headlamps', 'Except LED headlamps', 'With HID headlamps'],
  },
  'cv-axle': { quantity: 1, notes: ['With automatic transmission'], drivetrain: true },
  'clutch-kit': {
    quantity: 1,
    notes: [
      'With manual transmission',
      'With 6-speed manual transmission',
      'With 5-speed manual transmission',
    ],
  },
  'floor-mats': { quantity: 1, notes: ['Front row', 'Front and second row'] },
  'side-mirror': {
    quantity: 1,
    notes: ['With heated glass', 'Without blind spot detection', 'With turn signal in mirror'],
  },
};

/**
 * Drivetrain notes a row of a drivetrain-dependent part type may carry, by model class (MODEL_CLASSES): every truck
 * and body-on-frame SUV of the catalogue comes with four-wheel drive; cars and vans get none (some have no AWD).
 */
export const DRIVETRAIN_NOTES: Record<'car' | 'truck' | 'van', string[]> = {
  car: [],
  truck: ['4WD'],
  van: [],
};

/**
 * Chassis class of each vehicle model of MODEL_ENGINES, by 'make/model' slug: 'car' (unibody cars, crossovers and
 * minivans), 'truck' (pickups and body-on-frame SUVs) or 'van' (commercial vans). A generated chassis or body part
 * is listed for other models of its make of the same class only (a pickup's brake pads fit the make's body-on-frame
 * SUVs, not its sedans); engine parts follow the engine instead.
 */
export const MODEL_CLASSES: Record<string, 'car' | 'truck' | 'van'> = {
  'toyota/camry': 'car',
  'toyota/corolla': 'car',
  'toyota/avalon': 'car',
  'toyota/rav4': 'car',
  'toyota/highlander': 'car',
  'toyota/4runner': 'truck',
  'toyota/tacoma': 'truck',
  'toyota/tundra': 'truck',
  'toyota/t100': 'truck',
  'toyota/sienna': 'car',
  'ford/mustang': 'car',
  'ford/escape': 'car',
  'ford/explorer': 'car',
  'ford/bronco': 'truck',
  'ford/expedition': 'truck',
  'ford/f-150': 'truck',
  'ford/ranger': 'truck',
  'chevrolet/malibu': 'car',
  'chevrolet/equinox': 'car',
  'chevrolet/tahoe': 'truck',
  'chevrolet/traverse': 'car',
  'chevrolet/suburban': 'truck',
  'chevrolet/silverado': 'truck',
  'chevrolet/silverado-hd': 'truck',
  'chevrolet/colorado': 'truck',
  'honda/civic': 'car',
  'honda/accord': 'car',
  'honda/cr-v': 'car',
  'honda/pilot': 'car',
  'honda/odyssey': 'car',
  'nissan/altima': 'car',
  'nissan/sentra': 'car',
  'nissan/rogue': 'car',
  'nissan/pathfinder': 'car',
  'nissan/frontier': 'truck',
  'hyundai/elantra': 'car',
  'hyundai/sonata': 'car',
  'hyundai/tucson': 'car',
  'hyundai/santa-fe': 'car',
  'hyundai/palisade': 'car',
  'kia/forte': 'car',
  'kia/optima': 'car',
  'kia/soul': 'car',
  'kia/sportage': 'car',
  'kia/sorento': 'car',
  'kia/telluride': 'car',
  'subaru/impreza': 'car',
  'subaru/wrx': 'car',
  'subaru/legacy': 'car',
  'subaru/outback': 'car',
  'subaru/forester': 'car',
  'subaru/crosstrek': 'car',
  'subaru/ascent': 'car',
  'volkswagen/jetta': 'car',
  'volkswagen/jetta-gli': 'car',
  'volkswagen/gti': 'car',
  'volkswagen/golf-gti': 'car',
  'volkswagen/golf': 'car',
  'volkswagen/passat': 'car',
  'volkswagen/tiguan': 'car',
  'volkswagen/atlas': 'car',
  'bmw/320i': 'car',
  'bmw/328i': 'car',
  'bmw/330i': 'car',
  'bmw/335i': 'car',
  'bmw/528i': 'car',
  'bmw/530i': 'car',
  'bmw/535i': 'car',
  'bmw/540i': 'car',
  'bmw/x3': 'car',
  'bmw/x5': 'car',
  'mercedes-benz/c-class': 'car',
  'mercedes-benz/e-class': 'car',
  'mercedes-benz/glc-class': 'car',
  'mercedes-benz/gle-class': 'car',
  'mercedes-benz/sprinter': 'van',
  'audi/a3': 'car',
  'audi/a4': 'car',
  'audi/a4-allroad': 'car',
  'audi/a6': 'car',
  'audi/q5': 'car',
  'audi/q7': 'car',
  'mazda/mazda3': 'car',
  'mazda/mx-5': 'car',
  'mazda/cx-5': 'car',
  'mazda/cx-30': 'car',
  'mazda/cx-9': 'car',
  'mazda/tribute': 'car',
  'mazda/b-series': 'truck',
  'jeep/wrangler': 'truck',
  'jeep/grand-cherokee': 'car',
  'jeep/cherokee': 'car',
  'jeep/compass': 'car',
  'jeep/gladiator': 'truck',
  'ram/1500': 'truck',
  'ram/2500': 'truck',
  'ram/3500': 'truck',
  'ram/promaster-1500': 'van',
  'ram/promaster-2500': 'van',
  'gmc/sierra': 'truck',
  'gmc/sierra-hd': 'truck',
  'gmc/canyon': 'truck',
  'gmc/yukon': 'truck',
  'gmc/acadia': 'car',
  'gmc/terrain': 'car',
};

/** Trim levels (ACES submodels) of some models, by 'make/model' slug, for the rows that name one. */
export const SUBMODELS: Record<string, string[]> = {
  'toyota/camry': ['LE', 'SE', 'XLE', 'XSE'],
  'toyota/corolla': ['L', 'LE', 'SE', 'XSE'],
  'toyota/rav4': ['LE', 'XLE', 'Limited', 'Adventure'],
  'toyota/tacoma': ['SR', 'SR5', 'TRD Sport', 'TRD Off-Road'],
  'toyota/tundra': ['SR5', 'Limited', 'Platinum', '1794 Edition'],
  'ford/f-150': ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum'],
  'ford/mustang': ['EcoBoost', 'GT', 'Mach 1'],
  'ford/explorer': ['Base', 'XLT', 'Limited', 'ST'],
  'chevrolet/silverado': ['WT', 'Custom', 'LT', 'LTZ', 'High Country'],
  'gmc/sierra': ['SLE', 'SLT', 'AT4', 'Denali'],
  'honda/civic': ['LX', 'EX', 'Sport', 'Si'],
  'honda/accord': ['LX', 'Sport', 'EX-L', 'Touring'],
  'honda/cr-v': ['LX', 'EX', 'EX-L', 'Touring'],
  'nissan/altima': ['S', 'SV', 'SR', 'SL'],
  'jeep/wrangler': ['Sport', 'Sahara', 'Rubicon'],
  'jeep/grand-cherokee': ['Laredo', 'Limited', 'Overland', 'Summit'],
  'ram/1500': ['Tradesman', 'Big Horn', 'Laramie', 'Limited'],
  'subaru/outback': ['Base', 'Premium', 'Limited', 'Touring'],
};

// ---- The vehicle list's years and engines (fitment-vehicles.ts), as the generator and curated-fitment.ts read them

/**
 * The vehicle list's years and engines of one model (fitment-vehicles.ts), as flags per model year (index: year -
 * FIRST_VEHICLE_YEAR, 1 = has it): `years` where the model exists, and its common engines by displacement.
 */
export interface VehicleModel {
  make: string;
  model: string;
  years: Uint8Array;
  /** By displacement ('2.5L'): the years any of its labels exists, and each label with its years and cylinders. */
  displacements: Map<
    string,
    { years: Uint8Array; labels: { label: string; years: Uint8Array; cylinders: number }[] }
  >;
}

const YEAR_COUNT = LAST_VEHICLE_YEAR - FIRST_VEHICLE_YEAR + 1;

/** Flags per model year of '1997-1998 2003-2007' (runs of model years, as fitment-vehicles.ts writes them). */
function yearFlags(runs: string): Uint8Array {
  const flags = new Uint8Array(YEAR_COUNT);
  for (const run of runs.split(' ')) {
    const [from, to = from] = run.split('-').map(Number) as [number, number?];
    for (let year = from; year <= to; year += 1) flags[year - FIRST_VEHICLE_YEAR] = 1;
  }
  return flags;
}

/** '1997-1998 2003-2007' from a list of model years. */
function runsText(years: Iterable<number>): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    runs.push(end === index ? `${sorted[index]}` : `${sorted[index]}-${sorted[end]}`);
    index = end + 1;
  }
  return runs.join(' ');
}

let vehicleModels: Map<string, VehicleModel> | undefined;

/** Cylinders of an engine label ('2.5L 4-cyl' -> 4), else of another label of its displacement, else a guess. */
function cylindersOf(label: string, labels: string[]): number {
  for (const candidate of [label, ...labels.filter((other) => other !== label)]) {
    const match = /(\d+)-cyl/.exec(candidate);
    if (match) return Number(match[1]);
  }
  const litres = Number.parseFloat(label);
  return litres <= 2.5 ? 4 : litres <= 4.3 ? 6 : 8;
}

/** The vehicle models of fitment-vehicles.ts, by 'make/model' slug (parsed once). */
export function vehicleModelIndex(): Map<string, VehicleModel> {
  vehicleModels ??= new Map(
    Object.entries(FITMENT_VEHICLES).map(([key, vehicle]): [string, VehicleModel] => {
      const [make, model] = key.split('/') as [string, string];
      const displacements: VehicleModel['displacements'] = new Map();
      const labels = Object.keys(vehicle.engines);
      for (const [label, runs] of Object.entries(vehicle.engines)) {
        const displacement = displacementOf(label);
        const entry = displacements.get(displacement) ?? { years: new Uint8Array(YEAR_COUNT), labels: [] };
        displacements.set(displacement, entry);
        const years = yearFlags(runs);
        years.forEach((flag, at) => (entry.years[at] ||= flag));
        const sameDisplacement = labels.filter((other) => displacementOf(other) === displacement);
        entry.labels.push({ label, years, cylinders: cylindersOf(label, sameDisplacement) });
      }
      return [key, { make, model, years: yearFlags(vehicle.years), displacements }];
    }),
  );
  return vehicleModels;
}

/** Displacement of an engine label: '2.5L 4-cyl' -> '2.5L'. */
export const displacementOf = (label: string): string => label.split(' ')[0]!;

/**
 * The fitment snapshot of the vehicle list (fitment-vehicles.ts) for the models of MODEL_ENGINES: each model's
 * years and the years of each of its engine labels whose displacement is one of its common engines (of the labels
 * of one displacement with cylinders, only the one of the most years), as runs of years. Built from
 * readVpicVehicles's rows (`vehicles`; one per model year, make, model and engine label); the tests compare it
 * with the stored snapshot.
 */
export function fitmentVehiclesOf(
  vehicles: { year: number; makeSlug: string; modelSlug: string; engine: string }[],
): Record<string, FitmentVehicle> {
  const years = new Map<string, number[]>();
  const engines = new Map<string, Map<string, number[]>>();
  for (const vehicle of vehicles) {
    const key = `${vehicle.makeSlug}/${vehicle.modelSlug}`;
    const common = MODEL_ENGINES[key];
    if (!common) continue;
    const modelYears = years.get(key) ?? [];
    years.set(key, modelYears);
    modelYears.push(vehicle.year);
    if (!common.includes(displacementOf(vehicle.engine))) continue;
    const byLabel = engines.get(key) ?? new Map<string, number[]>();
    engines.set(key, byLabel);
    const labelYears = byLabel.get(vehicle.engine) ?? [];
    byLabel.set(vehicle.engine, labelYears);
    labelYears.push(vehicle.year);
  }
  // Of the labels of one displacement with cylinders, the one of the most years ('2.5L 4-cyl' over an odd year's
  // '2.5L 6-cyl': vPIC's patterns mix engines); labels without cylinders ('2.5L') stay.
  const mainLabels = (byLabel: Map<string, number[]>) =>
    [...byLabel].filter(
      ([label, labelYears]) =>
        !label.includes('-cyl') ||
        ![...byLabel].some(
          ([other, otherYears]) =>
            other !== label &&
            other.includes('-cyl') &&
            displacementOf(other) === displacementOf(label) &&
            (otherYears.length > labelYears.length ||
              (otherYears.length === labelYears.length && other < label)),
        ),
    );
  return Object.fromEntries(
    [...years.keys()].sort().map((key) => [
      key,
      {
        years: runsText(years.get(key)!),
        engines: Object.fromEntries(
          mainLabels(engines.get(key) ?? new Map<string, number[]>())
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([label, labelYears]) => [label, runsText(labelYears)]),
        ),
      },
    ]),
  );
}

/** Whether some of `models` has a year, or an engine of displacement `engine` in that year. */
export function hasYear(models: VehicleModel[], year: number, engine: string | null = null): boolean {
  const at = year - FIRST_VEHICLE_YEAR;
  return models.some((model) =>
    engine === null ? model.years[at] === 1 : model.displacements.get(engine)?.years[at] === 1,
  );
}

/** Runs of consecutive years inside `from`..`to` whose flag is set: [[2012, 2016], [2018, 2020]]. */
export function runsIn(flags: Uint8Array, from: number, to: number): [number, number][] {
  const runs: [number, number][] = [];
  const first = Math.max(from, FIRST_VEHICLE_YEAR);
  const last = Math.min(to, LAST_VEHICLE_YEAR);
  for (let year = first; year <= last; year += 1) {
    if (flags[year - FIRST_VEHICLE_YEAR] !== 1) continue;
    let end = year;
    while (end + 1 <= last && flags[end + 1 - FIRST_VEHICLE_YEAR] === 1) end += 1;
    runs.push([year, end]);
    year = end;
  }
  return runs;
}

/** What vehicleRows writes on each row besides the vehicle: see SeedFitment. */
export interface VehicleRowOptions {
  /** Engine displacement ('2.5L'): one row per engine label of it; null or unset: every engine. */
  engine?: string | null;
  submodel?: string | null;
  position?: string | null;
  /**
   * Per vehicle (default 1); 'cylinders': one per cylinder of the row's engine label (from the label, else another
   * label of its displacement, else guessed from the displacement; 4 on a row for every engine); 'banks': 2 for 6
   * cylinders or more, else 1.
   */
  quantity?: number | 'cylinders' | 'banks';
  note?: string | null;
}

/**
 * Application rows of the vehicle model `key` ('toyota/camry') in model years `from`..`to`, as the vehicle list
 * (fitment-vehicles.ts) has them: one row per run of years the model exists in, or, with an engine displacement,
 * one row per engine label of that displacement and run of years it exists in (so every row's years and engine
 * are the vehicle list's). Empty for an unknown model or years it does not have.
 */
export function vehicleRows(
  key: string,
  from: number,
  to: number,
  options: VehicleRowOptions = {},
): SeedFitment[] {
  const model = vehicleModelIndex().get(key);
  if (!model) return [];
  const engine = options.engine ?? null;
  const labels =
    engine === null
      ? [{ label: null, years: model.years, cylinders: 4 }]
      : (model.displacements.get(engine)?.labels ?? []);
  return labels.flatMap(({ label, years, cylinders }) => {
    const quantity =
      options.quantity === 'cylinders'
        ? cylinders
        : options.quantity === 'banks'
          ? cylinders >= 6
            ? 2
            : 1
          : (options.quantity ?? 1);
    return runsIn(years, from, to).map(([yearFrom, yearTo]): SeedFitment => ({
      make: model.make,
      model: model.model,
      yearFrom,
      yearTo,
      engine: label,
      submodel: options.submodel ?? null,
      position: options.position ?? null,
      quantity,
      note: options.note ?? null,
    }));
  });
}

/** The vehicle list as fitmentRowProblem reads it: engine labels by model year, by 'make/model' slug. */
export type VehicleYears = Map<string, Map<number, Set<string>>>;

/** VehicleYears of the vehicle list's rows (readVpicVehicles: one per model year, make, model and engine label). */
export function vehicleYearsOf(
  vehicles: { year: number; makeSlug: string; modelSlug: string; engine: string }[],
): VehicleYears {
  const result: VehicleYears = new Map();
  for (const vehicle of vehicles) {
    const key = `${vehicle.makeSlug}/${vehicle.modelSlug}`;
    const years = result.get(key) ?? new Map<number, Set<string>>();
    result.set(key, years);
    const engines = years.get(vehicle.year) ?? new Set<string>();
    years.set(vehicle.year, engines);
    engines.add(vehicle.engine);
  }
  return result;
}

/**
 * Why `row` is not an application row of the vehicle list `vehicles`, or null (docs/requirements.md §12): a model
 * the list does not have, a model year it does not have the model in, an engine label the model does not have in
 * one of the years, a position shared fitmentPositionProblem rejects, a quantity outside 1-99, or a submodel or
 * note longer than the shared limits.
 */
export function fitmentRowProblem(row: SeedFitment, vehicles: VehicleYears): string | null {
  const key = `${row.make}/${row.model}`;
  const years = vehicles.get(key);
  if (!years) return `${key} is not in the vehicle list`;
  if (!Number.isInteger(row.yearFrom) || !Number.isInteger(row.yearTo) || row.yearFrom > row.yearTo)
    return `${key}: years ${row.yearFrom}-${row.yearTo} are not a range`;
  for (let year = row.yearFrom; year <= row.yearTo; year += 1) {
    const engines = years.get(year);
    if (!engines) return `${key} has no model year ${year}`;
    if (row.engine !== null && !engines.has(row.engine)) return `${year} ${key} has no engine ${row.engine}`;
  }
  if (row.position !== null) {
    const problem = fitmentPositionProblem(row.position);
    if (problem) return `${key}: ${problem}`;
  }
  if (!Number.isInteger(row.quantity) || row.quantity < 1 || row.quantity > 99)
    return `${key}: quantity ${row.quantity} is not 1-99`;
  if ((row.submodel?.length ?? 0) > FITMENT_LABEL_MAX_LENGTH) return `${key}: submodel too long`;
  if ((row.note?.length ?? 0) > FITMENT_NOTE_MAX_LENGTH) return `${key}: note too long`;
  return null;
}
