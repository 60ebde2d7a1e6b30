import { messages } from '@partsforge/shared/messages';
import { usePrefetchQuery } from '@tanstack/react-query';
import { makesQueryOptions, useMakes } from '../api/get-makes';
import { CatalogTileSection } from './catalog-tile-section';

/** "Parts by Make": every car make with its logo. */
export function MakesSection() {
  // The request starts while the page renders, after the hero picture's, rather than in the effects run after
  // the first paint (where the home page's requests would make one long main-thread task).
  usePrefetchQuery(makesQueryOptions());
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
