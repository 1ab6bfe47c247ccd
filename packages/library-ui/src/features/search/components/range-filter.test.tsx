import { fireEvent, render, screen, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { defineLibraryConfig, LibraryConfigProvider, type LibraryConfig } from '../../../config/library-config';
import type { FacetValue } from '../../items/types';
import { installResizeObserver } from '../../../test/fixtures';
import type { RangeFilter } from '../range';
import { RangeFilterEditor } from './range-filter';

// antd's selects take a few seconds to render in jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

// The parts' parameter facet: labels with the dimension their values state (docs/search.md).
const partParameters: FacetValue[] = [
  { value: 'l', name: 'l（长度）', nameEn: 'l (Length)', dimension: 'length', count: 12 },
  { value: 'd₁', name: 'd₁（长度）', nameEn: 'd₁ (Length)', dimension: 'length', count: 4 },
  { value: 'C₀', name: 'C₀（力）', nameEn: 'C₀ (Force)', dimension: 'force', count: 3 },
  // A key that is a dimension name the kit does not range over, and a label of no dimension with units.
  { value: 'mass', name: '质量', nameEn: 'Mass', dimension: 'mass', count: 2 },
  { value: 'n', name: 'n', nameEn: 'n', dimension: 'dimensionless', count: 1 },
];

async function renderEditor(config: LibraryConfig, parameters: FacetValue[], ranges: RangeFilter[] = []) {
  const onChange = vi.fn<(ranges: RangeFilter[]) => void>();
  // The providers' router answers only below its basename.
  window.history.replaceState(null, '', '/part/search');
  render(
    <AppProviders basename="/part">
      <LibraryConfigProvider config={config}>
        <RangeFilterEditor parameters={parameters} ranges={ranges} onChange={onChange} />
      </LibraryConfigProvider>
    </AppProviders>,
  );
  await screen.findByTestId('range-filter');
  return onChange;
}

/** Opens an antd select by its test id; its options are rendered in a popup outside it. */
function open(testId: string): string[] {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  return [...document.querySelectorAll(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option`)].map((option) => option.textContent);
}

/** Opens an antd select by its test id and picks the option with `label`. */
function choose(testId: string, label: string) {
  open(testId);
  const options = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  const option = [...options].filter((candidate) => candidate.title === label || candidate.textContent === label).at(-1);
  if (!option) throw new Error(`no option ${label} in ${[...options].map((candidate) => candidate.textContent).join(', ')}`);
  fireEvent.click(option);
}

function typeBounds(min: string, max: string) {
  fireEvent.change(screen.getByPlaceholderText('最小值'), { target: { value: min } });
  fireEvent.change(screen.getByPlaceholderText('最大值'), { target: { value: max } });
}

beforeEach(() => installResizeObserver());

describe('the range editor on labelled parameters', () => {
  const parts = defineLibraryConfig('part');

  it('offers the labels with a dimension, in that dimension’s units, mm first', async () => {
    const onChange = await renderEditor(parts, partParameters);
    expect(open('range-dimension')).toEqual(['l（长度） (12)', 'd₁（长度） (4)', 'C₀（力） (3)']);
    expect(screen.getByTestId('range-min-prefix')).toHaveTextContent('mm');

    typeBounds('16', '30');
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(onChange).toHaveBeenLastCalledWith([
      { dimension: 'l', quantity: 'length', min: { value: 16, prefix: '', unit: 'mm' }, max: { value: 30, prefix: '', unit: 'mm' } },
    ]);
  });

  it('takes a bound in inch and refuses a minimum above the maximum across units', async () => {
    const onChange = await renderEditor(parts, partParameters);
    choose('range-dimension', 'd₁（长度） (4)');
    typeBounds('10', '0.3');
    choose('range-max-prefix', 'in');
    fireEvent.click(screen.getByTestId('range-apply'));
    // 10 mm > 0.3 in = 7.62 mm.
    expect(screen.getByTestId('range-problem')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    typeBounds('6', '0.3');
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(onChange).toHaveBeenLastCalledWith([
      { dimension: 'd₁', quantity: 'length', min: { value: 6, prefix: '', unit: 'mm' }, max: { value: 0.3, prefix: '', unit: 'in' } },
    ]);
  });

  it('offers a force label in kN and N', async () => {
    const onChange = await renderEditor(parts, partParameters);
    choose('range-dimension', 'C₀（力） (3)');
    expect(screen.getByTestId('range-min-prefix')).toHaveTextContent('kN');
    choose('range-min-prefix', 'N');
    fireEvent.change(screen.getByPlaceholderText('最小值'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(onChange).toHaveBeenLastCalledWith([{ dimension: 'C₀', quantity: 'force', min: { value: 5000, prefix: '', unit: 'N' } }]);
  });

  it('shows an active label range as a tag with the facet’s name and the units typed', async () => {
    const active: RangeFilter = {
      dimension: 'l',
      quantity: 'length',
      min: { value: 16, prefix: '', unit: 'mm' },
      max: { value: 1.25, prefix: '', unit: 'in' },
    };
    const onChange = await renderEditor(parts, partParameters, [active]);
    expect(screen.getByTestId('range-tag-l')).toHaveTextContent('l（长度）: 16 mm – 1.25 in');
    fireEvent.click(screen.getByTestId('range-tag-l').querySelector('.ant-tag-close-icon')!);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('keeps the kit’s dimensions on SI prefixes (components)', async () => {
    await renderEditor(defineLibraryConfig('component'), [
      { value: 'voltage', name: '电压', nameEn: 'Voltage', dimension: 'voltage', count: 5 },
      { value: 'temperature', name: '温度', nameEn: 'Temperature', dimension: 'temperature', count: 5 },
    ]);
    expect(open('range-dimension')).toEqual(['电压 (5)']);
    expect(screen.getByTestId('range-min-prefix')).toHaveTextContent('V');
  });
});
