import { messages } from '@partsforge/shared';
import { useMakes } from '../api/get-makes';
import { CatalogTileSection } from './catalog-tile-section';

/** "Parts by Make": every car make with its logo. */
export function MakesSection() {
  const makes = useMakes();
  return (
    <CatalogTileSection
      id="makes"
      title={messages.home.makesHeading}
      filter="make"
      items={makes.data}
      error={makes.isError ? { title: messages.errors.makesFailed, detail: makes.error.message } : null}
    />
  );
}
