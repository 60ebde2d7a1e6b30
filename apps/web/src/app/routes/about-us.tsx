import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';

/** Placeholder page: the spec gives it a heading only. */
export function AboutUsRoute() {
  return <ContentLayout title={messages.pages.aboutUs} />;
}
