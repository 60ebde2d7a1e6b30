/**
 * Kinds of parts the shop sells, one per illustration under /images/parts. The demo parts (parts.ts) are
 * concrete variants of these; the large catalogue generator builds more from them for any make and model,
 * filling the {make} and {model} placeholders of the description. Prices are plausible wholesale unit
 * prices in integer cents; minqtyChoices are the usual wholesale minimum order quantities (case or pallet
 * multiples) for that kind of part.
 */
import type { SeedPartType } from './types.js';

export const partTypes: SeedPartType[] = [
  // Brakes
  {
    slug: 'brake-pads-ceramic',
    category: 'brakes',
    name: 'Ceramic Brake Pad Set',
    description:
      'Low-dust ceramic friction compound for quiet, consistent stops on the {make} {model}. Slotted and chamfered pads with pre-attached multilayer shims and stainless abutment hardware. One axle set per box.',
    img: '/images/parts/brake-pads-ceramic.svg',
    skuPrefix: 'BP',
    priceCents: { min: 1800, max: 6500 },
    minqtyChoices: [10, 20, 50],
  },
  {
    slug: 'brake-rotor-vented',
    category: 'brakes',
    name: 'Vented Brake Rotor',
    description:
      'OE-spec vented rotor cast from G3000 grey iron for the {make} {model}. Anti-corrosion coated hat and edge, balanced and machined with a non-directional finish so it installs without cleaning. Sold individually.',
    img: '/images/parts/brake-rotor-vented.svg',
    skuPrefix: 'BR',
    priceCents: { min: 2800, max: 12000 },
    minqtyChoices: [10, 20],
  },
  {
    slug: 'brake-caliper',
    category: 'brakes',
    name: 'Remanufactured Brake Caliper',
    description:
      'Remanufactured caliper with bracket for the {make} {model}: new pistons, seals, boots and bleeder screw, every unit pressure-tested. Core charge is refunded on return of the old caliper.',
    img: '/images/parts/brake-caliper.svg',
    skuPrefix: 'BC',
    priceCents: { min: 3500, max: 11000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'brake-fluid',
    category: 'brakes',
    name: 'Brake Fluid',
    description:
      'Glycol-based brake fluid meeting FMVSS 116 for hydraulic brake and clutch systems, including the {make} {model}. High dry boiling point, compatible with DOT 3 and DOT 4 systems. Sealed bottles, shipped by the case.',
    img: '/images/parts/brake-fluid.svg',
    skuPrefix: 'BF',
    priceCents: { min: 450, max: 1500 },
    minqtyChoices: [12, 24, 48],
  },
  // Engine
  {
    slug: 'timing-belt-kit',
    category: 'engine',
    name: 'Timing Belt Kit',
    description:
      'Complete timing belt service kit for the {make} {model}: HNBR belt, tensioner and idler pulleys, with the cam and crank seals. Everything a technician needs for the interval job in one box.',
    img: '/images/parts/timing-belt-kit.svg',
    skuPrefix: 'TBK',
    priceCents: { min: 7500, max: 26000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'serpentine-belt',
    category: 'engine',
    name: 'Serpentine Belt',
    description:
      'EPDM multi-rib accessory drive belt for the {make} {model}, resistant to cracking, glazing and noise. Exact OE length and rib count for correct tension and tracking.',
    img: '/images/parts/serpentine-belt.svg',
    skuPrefix: 'SB',
    priceCents: { min: 1200, max: 4500 },
    minqtyChoices: [10, 25, 50],
  },
  {
    slug: 'mass-air-flow-sensor',
    category: 'engine',
    name: 'Mass Air Flow Sensor',
    description:
      'Hot-film mass air flow sensor calibrated to OE output for the {make} {model}. Restores idle quality and fuel trims and clears lean codes. Plug-and-play connector.',
    img: '/images/parts/mass-air-flow-sensor.svg',
    skuPrefix: 'MAF',
    priceCents: { min: 4500, max: 16000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'fuel-pump-module',
    category: 'engine',
    name: 'Fuel Pump Module Assembly',
    description:
      'In-tank fuel pump module for the {make} {model} with pump, reservoir, level sender and strainer pre-assembled. Flow-tested to OE pressure; the lock ring seal is included.',
    img: '/images/parts/fuel-pump-module.svg',
    skuPrefix: 'FP',
    priceCents: { min: 6500, max: 24000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'engine-mount',
    category: 'engine',
    name: 'Engine Mount',
    description:
      'Engine mount for the {make} {model} with natural rubber isolator bonded to a coated steel bracket. Cuts cabin vibration and clunk on shifts; hardware fitted where the OE part had it.',
    img: '/images/parts/engine-mount.svg',
    skuPrefix: 'EM',
    priceCents: { min: 2500, max: 9000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'valve-cover-gasket',
    category: 'engine',
    name: 'Valve Cover Gasket Set',
    description:
      'Molded rubber valve cover gasket set for the {make} {model}, with spark plug tube seals and grommets. Stops the oil seeps that foul plugs and coils.',
    img: '/images/parts/valve-cover-gasket.svg',
    skuPrefix: 'VCG',
    priceCents: { min: 1200, max: 4500 },
    minqtyChoices: [10, 20],
  },
  // Filters
  {
    slug: 'oil-filter',
    category: 'filters',
    name: 'Spin-On Oil Filter',
    description:
      'Synthetic-blend media oil filter for the {make} {model}, rated for extended drain intervals. Silicone anti-drainback valve and a lubricated gasket for clean installs. Bulk packed for quick-lube and shop use.',
    img: '/images/parts/oil-filter.svg',
    skuPrefix: 'OF',
    priceCents: { min: 250, max: 900 },
    minqtyChoices: [50, 100, 200],
  },
  {
    slug: 'cabin-air-filter',
    category: 'filters',
    name: 'Cabin Air Filter',
    description:
      'Cabin air filter for the {make} {model} with an activated carbon layer that traps pollen, dust and road odours. Exact-fit frame slides in without tools.',
    img: '/images/parts/cabin-air-filter.svg',
    skuPrefix: 'CAF',
    priceCents: { min: 500, max: 1800 },
    minqtyChoices: [24, 50, 100],
  },
  {
    slug: 'engine-air-filter',
    category: 'filters',
    name: 'Engine Air Filter',
    description:
      'Pleated engine air filter for the {make} {model} with a molded urethane seal. Captures fine dust at OE airflow so the engine keeps its power and fuel economy.',
    img: '/images/parts/engine-air-filter.svg',
    skuPrefix: 'EAF',
    priceCents: { min: 800, max: 2500 },
    minqtyChoices: [24, 48],
  },
  {
    slug: 'fuel-filter',
    category: 'filters',
    name: 'Fuel Filter',
    description:
      'Fuel filter for the {make} {model} that stops rust, scale and water before they reach the injectors. Flow direction is marked on the housing; the fittings are OE style.',
    img: '/images/parts/fuel-filter.svg',
    skuPrefix: 'FF',
    priceCents: { min: 450, max: 4000 },
    minqtyChoices: [20, 50],
  },
  // Ignition & Electrical
  {
    slug: 'spark-plug-iridium',
    category: 'ignition-electrical',
    name: 'Iridium Spark Plug',
    description:
      'Long-life iridium spark plug with a fine-wire centre electrode for the {make} {model}. Pre-gapped to OE spec, nickel-plated shell against seizing. Sold by the piece in 4-packs.',
    img: '/images/parts/spark-plug-iridium.svg',
    skuPrefix: 'SP',
    priceCents: { min: 450, max: 1400 },
    minqtyChoices: [50, 100],
  },
  {
    slug: 'ignition-coil',
    category: 'ignition-electrical',
    name: 'Ignition Coil',
    description:
      'Coil-on-plug ignition coil for the {make} {model} with epoxy-potted windings and a silicone boot. Fixes misfires at OE spark energy and is tested at temperature extremes.',
    img: '/images/parts/ignition-coil.svg',
    skuPrefix: 'IC',
    priceCents: { min: 1800, max: 7500 },
    minqtyChoices: [6, 12, 20],
  },
  {
    slug: 'alternator',
    category: 'ignition-electrical',
    name: 'Alternator',
    description:
      'Alternator for the {make} {model}, output-tested on a load bench before shipping. New regulator, bearings and brushes; the pulley is fitted. Core charge applies on remanufactured units.',
    img: '/images/parts/alternator.svg',
    skuPrefix: 'ALT',
    priceCents: { min: 9000, max: 28000 },
    minqtyChoices: [2, 5],
  },
  {
    slug: 'starter-motor',
    category: 'ignition-electrical',
    name: 'Starter Motor',
    description:
      'Starter motor for the {make} {model} with a gear-reduction drive and a new solenoid. Every unit is tested for cranking torque and current draw; bolts straight in.',
    img: '/images/parts/starter-motor.svg',
    skuPrefix: 'STR',
    priceCents: { min: 7500, max: 24000 },
    minqtyChoices: [2, 5],
  },
  {
    slug: 'car-battery',
    category: 'ignition-electrical',
    name: 'AGM Car Battery',
    description:
      'Maintenance-free absorbent glass mat battery that fits the {make} {model} and other vehicles with the same group size. High cold-cranking amps for start-stop systems; shipped charged and dated.',
    img: '/images/parts/car-battery.svg',
    skuPrefix: 'BAT',
    priceCents: { min: 9500, max: 24000 },
    minqtyChoices: [6, 12],
  },
  // Suspension & Steering
  {
    slug: 'wheel-hub-bearing',
    category: 'suspension-steering',
    name: 'Wheel Bearing and Hub Assembly',
    description:
      'Pre-assembled wheel bearing and hub for the {make} {model}, with the ABS tone ring or sensor built in. Sealed, pre-greased double-row bearing and new studs, ready to bolt on.',
    img: '/images/parts/wheel-hub-bearing.svg',
    skuPrefix: 'WH',
    priceCents: { min: 3500, max: 13000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'strut-assembly',
    category: 'suspension-steering',
    name: 'Complete Strut Assembly',
    description:
      'Loaded strut assembly for the {make} {model}: gas strut, coil spring, mount and bearing pre-assembled. No spring compressor needed, cutting install time roughly in half.',
    img: '/images/parts/strut-assembly.svg',
    skuPrefix: 'STA',
    priceCents: { min: 6500, max: 18000 },
    minqtyChoices: [4, 6, 10],
  },
  {
    slug: 'control-arm',
    category: 'suspension-steering',
    name: 'Control Arm with Ball Joint',
    description:
      'Control arm for the {make} {model} with bushings pressed in and the ball joint installed. E-coated steel against corrosion, OE geometry for correct alignment.',
    img: '/images/parts/control-arm.svg',
    skuPrefix: 'CA',
    priceCents: { min: 3000, max: 11000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'tie-rod-end',
    category: 'suspension-steering',
    name: 'Outer Tie Rod End',
    description:
      'Outer tie rod end for the {make} {model} with a hardened ball stud, a greaseable socket and a polyurethane boot. Castle nut and cotter pin included.',
    img: '/images/parts/tie-rod-end.svg',
    skuPrefix: 'TRE',
    priceCents: { min: 1200, max: 4000 },
    minqtyChoices: [10, 20],
  },
  {
    slug: 'sway-bar-link',
    category: 'suspension-steering',
    name: 'Sway Bar Link',
    description:
      'Stabilizer bar link for the {make} {model} with sealed ball joints at both ends. Cures clunks over bumps and restores body control; nuts included.',
    img: '/images/parts/sway-bar-link.svg',
    skuPrefix: 'SBL',
    priceCents: { min: 900, max: 3000 },
    minqtyChoices: [10, 20],
  },
  // Cooling
  {
    slug: 'water-pump',
    category: 'cooling',
    name: 'Water Pump',
    description:
      'Engine water pump for the {make} {model} with a cast impeller, sealed bearing and a ceramic-carbon seal. Gasket or O-ring included; pressure-tested for leaks.',
    img: '/images/parts/water-pump.svg',
    skuPrefix: 'WP',
    priceCents: { min: 3000, max: 13000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'radiator',
    category: 'cooling',
    name: 'Radiator',
    description:
      'Direct-fit radiator for the {make} {model} with a brazed aluminium core and nylon tanks. Leak-tested, with OE inlet and outlet positions and the transmission cooler where fitted.',
    img: '/images/parts/radiator.svg',
    skuPrefix: 'RAD',
    priceCents: { min: 9000, max: 26000 },
    minqtyChoices: [3, 5],
  },
  {
    slug: 'thermostat',
    category: 'cooling',
    name: 'Engine Coolant Thermostat',
    description:
      'Wax-pellet coolant thermostat for the {make} {model}, opening at the OE temperature for proper warm-up, heater output and emissions. Gasket or seal included.',
    img: '/images/parts/thermostat.svg',
    skuPrefix: 'TH',
    priceCents: { min: 900, max: 3500 },
    minqtyChoices: [20, 50],
  },
  {
    slug: 'radiator-hose',
    category: 'cooling',
    name: 'Molded Radiator Hose',
    description:
      'Molded EPDM coolant hose for the {make} {model}, shaped to OE routing so it will not kink. Fibre-reinforced against heat and pressure.',
    img: '/images/parts/radiator-hose.svg',
    skuPrefix: 'RH',
    priceCents: { min: 900, max: 3800 },
    minqtyChoices: [10, 20],
  },
  // Exhaust & Emissions
  {
    slug: 'catalytic-converter',
    category: 'exhaust',
    name: 'Direct-Fit Catalytic Converter',
    description:
      'Direct-fit catalytic converter for the {make} {model} with the OE-style flanges and O2 sensor bungs. EPA-compliant for 49-state use (not for California or other CARB states); 5 year / 50,000 mile warranty.',
    img: '/images/parts/catalytic-converter.svg',
    skuPrefix: 'CAT',
    priceCents: { min: 18000, max: 65000 },
    minqtyChoices: [1, 2],
  },
  {
    slug: 'muffler',
    category: 'exhaust',
    name: 'Muffler',
    description:
      'Aluminized steel muffler for the {make} {model}, tuned for OE sound levels. Lock-seamed and welded construction resists rust-through.',
    img: '/images/parts/muffler.svg',
    skuPrefix: 'MUF',
    priceCents: { min: 4000, max: 14000 },
    minqtyChoices: [4, 6],
  },
  {
    slug: 'oxygen-sensor',
    category: 'exhaust',
    name: 'Oxygen Sensor',
    description:
      'Heated oxygen sensor for the {make} {model} with OE connector and harness length. Fast light-off for accurate fuel control; threads come pre-coated with anti-seize.',
    img: '/images/parts/oxygen-sensor.svg',
    skuPrefix: 'O2S',
    priceCents: { min: 2200, max: 7500 },
    minqtyChoices: [10, 20],
  },
  // Lighting
  {
    slug: 'led-headlight-bulb',
    category: 'lighting',
    name: 'LED Headlight Bulb Kit',
    description:
      'Plug-and-play LED headlight bulbs that fit the {make} {model} among many others: 6500K white with a focused beam pattern and a fan-cooled heat sink. Sold as a pair.',
    img: '/images/parts/led-headlight-bulb.svg',
    skuPrefix: 'LED',
    priceCents: { min: 1800, max: 5500 },
    minqtyChoices: [10, 20, 50],
  },
  {
    slug: 'tail-light-assembly',
    category: 'lighting',
    name: 'Tail Light Assembly',
    description:
      'Tail light assembly for the {make} {model} with a DOT/SAE-compliant lens and sealed housing. Bulbs or LED board included; OE connector and mounting points.',
    img: '/images/parts/tail-light-assembly.svg',
    skuPrefix: 'TL',
    priceCents: { min: 5000, max: 18000 },
    minqtyChoices: [2, 4],
  },
  {
    slug: 'headlight-assembly',
    category: 'lighting',
    name: 'Headlight Assembly',
    description:
      'Headlight assembly for the {make} {model} with a UV-coated polycarbonate lens that resists yellowing. DOT/SAE-compliant beam pattern and OE mounting tabs and connectors.',
    img: '/images/parts/headlight-assembly.svg',
    skuPrefix: 'HL',
    priceCents: { min: 8000, max: 30000 },
    minqtyChoices: [2, 4],
  },
  // Drivetrain
  {
    slug: 'cv-axle',
    category: 'drivetrain',
    name: 'CV Axle Shaft',
    description:
      'New CV axle shaft for the {make} {model} with induction-hardened joints, high-temperature grease and thermoplastic boots. Axle nut included; every unit is checked for runout.',
    img: '/images/parts/cv-axle.svg',
    skuPrefix: 'CV',
    priceCents: { min: 4500, max: 14000 },
    minqtyChoices: [4, 6, 10],
  },
  {
    slug: 'clutch-kit',
    category: 'drivetrain',
    name: 'Clutch Kit',
    description:
      'OE-replacement clutch kit for the {make} {model}: pressure plate, organic-faced disc, release bearing and alignment tool. Smooth engagement with stock pedal feel.',
    img: '/images/parts/clutch-kit.svg',
    skuPrefix: 'CK',
    priceCents: { min: 11000, max: 35000 },
    minqtyChoices: [2, 4],
  },
  {
    slug: 'universal-joint',
    category: 'drivetrain',
    name: 'Universal Joint',
    description:
      'Greaseable driveshaft universal joint that fits the {make} {model} and other vehicles with the same series. Forged cross, needle bearings and external snap rings.',
    img: '/images/parts/universal-joint.svg',
    skuPrefix: 'UJ',
    priceCents: { min: 900, max: 3500 },
    minqtyChoices: [10, 20],
  },
  // Body & Accessories
  {
    slug: 'wiper-blades',
    category: 'body-accessories',
    name: 'Beam Wiper Blade',
    description:
      'All-season beam wiper blade that fits the {make} {model} with the included adapters. Natural rubber edge with graphite coating for a streak-free wipe.',
    img: '/images/parts/wiper-blades.svg',
    skuPrefix: 'WB',
    priceCents: { min: 600, max: 2200 },
    minqtyChoices: [25, 50, 100],
  },
  {
    slug: 'floor-mats',
    category: 'body-accessories',
    name: 'All-Weather Floor Mats',
    description:
      'Custom-fit all-weather floor mats for the {make} {model}, made of odourless TPE with deep channels that hold water, mud and snow. They lock onto the factory retention posts.',
    img: '/images/parts/floor-mats.svg',
    skuPrefix: 'FM',
    priceCents: { min: 2500, max: 9000 },
    minqtyChoices: [5, 10],
  },
  {
    slug: 'side-mirror',
    category: 'body-accessories',
    name: 'Side View Mirror',
    description:
      'Side view mirror for the {make} {model}: power adjustment, with heated glass where the OE mirror had it. Paint-to-match or textured cap; OE connector and bolts.',
    img: '/images/parts/side-mirror.svg',
    skuPrefix: 'MIR',
    priceCents: { min: 3500, max: 14000 },
    minqtyChoices: [2, 4],
  },
];
