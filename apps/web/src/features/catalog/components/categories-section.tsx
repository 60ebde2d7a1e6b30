import { messages } from '@partsforge/shared/messages';
import { usePrefetchQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, useCategories } from '../api/get-categories';
import { CatalogTileSection } from './catalog-tile-section';

/** "Shop by Categories": every category with its picture. */
export function CategoriesSection() {
  // The request starts while the page renders, after the hero picture's, rather than in the effects run after
  // the first paint (where the home page's requests would make one long main-thread task).
  usePrefetchQuery(categoriesQueryOptions());
  const categories = useCategories();
  return (
    <CatalogTileSection
      id="categories"
      title={messages.home.categoriesHeading}
      filter="category"
      items={categories.data}
      error={
        categories.isError
          ? { title: messages.errors.categoriesFailed, detail: categories.error.message }
          : null
      }
      tone="muted"
    />
  );
}
