import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders } from '@portal/providers';
import { LibraryConfigProvider, type ItemDetail } from '@portal/library-ui/items';
import { partLibrary } from '../../../config/part-library';
import { PartDownloads } from './part-downloads';

vi.setConfig({ testTimeout: 30_000 });

const formats = ['step', 'stl', 'glb', 'svg', 'dxf'];
const profile = {
  component: { id: 9, partNumber: 'IPE100', designation: 'EN 10365' },
  parameters: [],
  categoryPath: [],
  files: [],
  equivalents: [],
  models: formats.map((format) => ({
    format,
    url: `/to/api/public/part/item/9/model/${format}`,
    fileName: `profile_IPE_IPE100.${format}`,
    lengthRequired: true,
  })),
} as unknown as ItemDetail;

function renderAt(url: string, item: ItemDetail) {
  window.history.replaceState(null, '', url);
  return render(
    <AppProviders basename="/part">
      <LibraryConfigProvider config={partLibrary}>
        <Routes>
          <Route path="/detail/:id" element={<PartDownloads item={item} />} />
        </Routes>
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

describe('PartDownloads', () => {
  it('names a profile download with the URL length and links the model route with it', () => {
    renderAt('/part/detail/9?length=500', profile);
    const stl = screen.getByTestId('download-stl');
    expect(stl).toHaveAttribute('data-file-name', 'profile_IPE_IPE100x500.stl');
    expect(stl.getAttribute('href')).toMatch(/\/to\/api\/public\/part\/item\/9\/model\/stl\?length=500$/);
    expect(screen.getByTestId('part-length')).toHaveValue('500');
  });

  it('refuses a typed length out of range and applies a good one to the URL', () => {
    renderAt('/part/detail/9', profile);
    expect(screen.getByTestId('download-step')).toHaveAttribute('data-file-name', 'profile_IPE_IPE100x1000.step');
    const input = screen.getByTestId('part-length');
    fireEvent.change(input, { target: { value: '5' } });
    expect(screen.getByTestId('part-length-error')).toHaveTextContent('10–20000');
    expect(screen.getByTestId('part-length-apply')).toBeDisabled();
    fireEvent.change(input, { target: { value: '2500' } });
    fireEvent.click(screen.getByTestId('part-length-apply'));
    expect(window.location.search).toBe('?length=2500');
    expect(screen.getByTestId('download-step')).toHaveAttribute('data-file-name', 'profile_IPE_IPE100x2500.step');
  });

  it('disables the downloads while the URL length is refused', () => {
    renderAt('/part/detail/9?length=50000', profile);
    expect(screen.getByTestId('part-length-url-problem')).toBeInTheDocument();
    expect(screen.getByTestId('download-step')).toBeDisabled();
  });

  it('says so when a part has no models', () => {
    renderAt('/part/detail/3', { ...profile, models: [] } as unknown as ItemDetail);
    expect(screen.getByTestId('part-no-models')).toBeInTheDocument();
    expect(screen.queryByTestId('part-length')).toBeNull();
  });
});
