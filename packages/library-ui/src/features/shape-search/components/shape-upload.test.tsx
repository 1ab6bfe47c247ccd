import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, changeLanguage } from '@portal/providers';
import { defineLibraryConfig, LibraryConfigProvider } from '../../../config/library-config';
import { ShapeUpload } from './shape-upload';

vi.setConfig({ testTimeout: 30_000 });

function renderUpload(onFile: (file: File) => void, initial?: File) {
  window.history.replaceState(null, '', '/part/search3D');
  render(
    <AppProviders basename="/part">
      <LibraryConfigProvider config={defineLibraryConfig('part')}>
        <ShapeUpload kind="model" onFile={onFile} initial={initial} />
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

const choose = (file: File) => fireEvent.change(screen.getByTestId('shape-upload-model').querySelector('input[type=file]')!, { target: { files: [file] } });

describe('ShapeUpload', () => {
  afterEach(async () => {
    await act(() => changeLanguage('zh-CN'));
  });

  it('says which file was chosen, and why one was refused, in the language the page switches to', async () => {
    const onFile = vi.fn();
    renderUpload(onFile);
    choose(new File(['x'], 'drawing.pdf'));
    expect(await screen.findByTestId('shape-upload-problem')).toHaveTextContent('不支持的文件类型：drawing.pdf');
    await act(() => changeLanguage('en-US'));
    await waitFor(() => expect(screen.getByTestId('shape-upload-problem')).toHaveTextContent('This file type is not supported: drawing.pdf'));
    expect(onFile).not.toHaveBeenCalled();

    choose(new File(['solid b\nendsolid b\n'], 'box.stl'));
    expect(await screen.findByTestId('shape-upload-chosen')).toHaveTextContent('Chosen: box.stl');
    expect(onFile).toHaveBeenCalledTimes(1);
    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByTestId('shape-upload-chosen')).toHaveTextContent('已选择：box.stl'));
  });

  it('shows a file carried from another page as chosen without asking for it again', async () => {
    const onFile = vi.fn();
    renderUpload(onFile, new File(['solid b\nendsolid b\n'], 'bracket.stl'));
    expect(await screen.findByTestId('shape-upload-chosen')).toHaveTextContent('已选择：bracket.stl');
    expect(onFile).not.toHaveBeenCalled();
  });
});
