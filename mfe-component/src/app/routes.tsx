import { Route } from 'react-router';
import { BrandDetailPage } from '../pages/brand-detail-page';
import { BrandPage } from '../pages/brand-page';
import { CompareBasketPage } from '../pages/compare-basket-page';
import { ComparePage } from '../pages/compare-page';
import { DetailPage } from '../pages/detail-page';
import { HomePage } from '../pages/home-page';
import { RecommendPage } from '../pages/recommend-page';
import { SearchPage } from '../pages/search-page';
import { SimilarityPage } from '../pages/similarity-page';

/**
 * Routes below /component. Unknown paths are handed to the shell's /404 by createLibraryApplication.
 * Add a page: a component in src/pages/, a <Route> here (see docs/frontend-remotes.md).
 */
export const appRoutes = (
  <>
    <Route index element={<HomePage />} />
    <Route path="search" element={<SearchPage />} />
    {/* The shell resets scrolling on /component/detail/… (spec §2). */}
    <Route path="detail/:id" element={<DetailPage />} />
    {/* 对比: the basket kept across pages; 参数对比: the parameter table of chosen items. */}
    <Route path="compare" element={<CompareBasketPage />} />
    <Route path="param-compare" element={<ComparePage />} />
    <Route path="brand-page" element={<BrandPage />} />
    <Route path="brand-detail/:id" element={<BrandDetailPage />} />
    <Route path="similarity" element={<SimilarityPage />} />
    <Route path="recommend" element={<RecommendPage />} />
  </>
);
