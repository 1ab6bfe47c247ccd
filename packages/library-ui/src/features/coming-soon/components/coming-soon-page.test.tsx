import { act, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, changeLanguage } from '@portal/providers';
import { ComingSoonPage } from './coming-soon-page';
import type { ComingSoonFeature } from '../coming-soon';

function renderAt(url: string, library: 'part' | 'mat', feature: ComingSoonFeature, path: string) {
  window.history.replaceState(null, '', url);
  return render(
    <AppProviders basename={`/${library}`}>
      <Routes>
        <Route path={path} element={<ComingSoonPage library={library} feature={feature} />} />
      </Routes>
    </AppProviders>,
  );
}

afterEach(async () => {
  await act(() => changeLanguage('zh-CN'));
  window.history.replaceState(null, '', '/');
});

describe('ComingSoonPage', () => {
  it('says in plain words what is coming and offers the catalogue and the components library', () => {
    renderAt('/part/compare', 'part', 'compare', 'compare');
    expect(screen.getByTestId('coming-soon-title')).toHaveTextContent('对比即将上线');
    expect(screen.getByTestId('coming-soon-description')).toHaveTextContent('零部件库的“对比”功能还在建设中');
    expect(screen.getByTestId('coming-soon-catalogue')).toHaveAttribute('href', '/part');
    expect(screen.getByTestId('coming-soon-catalogue')).toHaveTextContent('按分类浏览零部件库');
    expect(screen.getByTestId('coming-soon-component')).toHaveAttribute('href', '/component/compare');
    expect(screen.getByTestId('coming-soon-component')).toHaveTextContent('使用元器件库的“对比”');
  });

  it('shows the searched keywords and searches them in the components library', () => {
    renderAt('/mat/search?keyWords=Q235|45%E9%92%A2', 'mat', 'search', 'search');
    expect(screen.getByTestId('coming-soon-title')).toHaveTextContent('关键词搜索即将上线');
    expect(screen.getByTestId('coming-soon-keywords')).toHaveTextContent('Q235');
    expect(screen.getByTestId('coming-soon-keywords')).toHaveTextContent('45钢');
    const link = screen.getByTestId('coming-soon-component');
    expect(link).toHaveTextContent('在元器件库中搜索这些关键词');
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/component/search');
    expect(new URLSearchParams(window.location.search).get('keyWords')).toBe('Q235|45钢');
  });

  it('has its English texts', async () => {
    await act(() => changeLanguage('en-US'));
    renderAt('/mat/mat-recommend', 'mat', 'matRecommend', 'mat-recommend');
    expect(screen.getByTestId('coming-soon-title')).toHaveTextContent('Material recommendation is coming soon');
    expect(screen.getByTestId('coming-soon-component')).toHaveTextContent('Go to the Components Library');
  });
});
