import { PolicyArticle } from '../../../features/policies/policy-article.tsx';
import { PublicLayout } from '../../layouts/public-layout.tsx';

export function Component() {
  return (
    <PublicLayout wide>
      <PolicyArticle id="privacy" />
    </PublicLayout>
  );
}
