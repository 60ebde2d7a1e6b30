import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { BlogPostList } from '@/features/blog/components/blog-post-list';

export function BlogsRoute() {
  return (
    <ContentLayout
      title={messages.pages.blogs}
      lead="Answers to five questions web developers ask us most often."
    >
      <BlogPostList />
    </ContentLayout>
  );
}
