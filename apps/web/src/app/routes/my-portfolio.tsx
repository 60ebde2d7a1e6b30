import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { PortfolioProfile } from '@/features/portfolio/components/portfolio-profile';

export function MyPortfolioRoute() {
  return (
    <ContentLayout title={messages.pages.myPortfolio}>
      <PortfolioProfile />
    </ContentLayout>
  );
}
