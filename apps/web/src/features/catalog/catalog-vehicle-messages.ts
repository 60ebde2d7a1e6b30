/**
 * The catalogue's words about vehicles (docs/requirements.md §12): the active vehicle's filter, its "Show all
 * parts" switch and the vehicle read in the search text. Labels come as '2019 Toyota Camry'.
 */
export const catalogVehicleMessages = {
  filtering: (label: string) => `Showing parts that fit your ${label}`,
  notFiltering: (label: string) => `Showing all parts, not only those that fit your ${label}`,
  showAll: 'Show all parts',
  searchVehicle: (label: string) => `Showing results for ${label}`,
  searchWithout: (label: string) => `Search without ${label}`,
  makeFromVehicle: 'Your vehicle sets the make: turn on “Show all parts” to choose another.',
  widenVehicle: 'Turn on “Show all parts” to look beyond the parts that fit your vehicle.',
} as const;
