import { messages } from '@partsforge/shared';
import { useCategories } from '../api/get-categories';
import { CatalogTileSection } from './catalog-tile-section';

/** "Shop by Categories": every category with its picture. */
export function CategoriesSection() {
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
