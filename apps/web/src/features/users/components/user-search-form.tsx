import { messages } from '@partsforge/shared/messages';
import { ListSearchForm } from '@/components/list-search-form';

/**
 * All Users' search box (docs/requirements.md §13 "Finding things"): part of a name or email, applied with Enter
 * or Search; clearing the box and searching shows every user again.
 */
export function UserSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  return (
    <ListSearchForm
      q={q}
      onSearch={onSearch}
      formLabel={messages.users.searchFormLabel}
      label={messages.users.searchLabel}
      placeholder={messages.users.searchPlaceholder}
      buttonLabel={messages.users.search}
    />
  );
}
