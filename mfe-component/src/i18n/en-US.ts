import type { zhCN } from './zh-CN';

export const enUS: typeof zhCN = {
  home: {
    description: 'Electronic components — passives, semiconductors, ICs, connectors, crystals — browsed by category.',
  },
  standalone: {
    title: 'Components Library (standalone)',
  },
  recommend: {
    title: 'Component recommendations',
    badId: 'The part number in the link is not valid; pick a component again',
    pickTitle: 'Pick a component',
    pickHint: 'Search by part number or keyword and pick a component to see its family and package-compatible parts.',
    pickPlaceholder: 'e.g. AMS1117, STM32F103',
    pickSearch: 'Search',
    pickEmpty: 'No components found',
    change: 'Change component',
    group: {
      family: 'Same family',
      package: 'Compatible package',
    },
    groupHint: {
      family: 'same symbol family or part-number series, other values',
      package: 'same footprint (drop-in) first, then same package family and pin count',
    },
    empty: {
      family: 'No parts of the same family',
      package: 'No package-compatible parts',
    },
    reason: 'Why',
    differences: 'Differs from this part',
    noDifferences: 'No difference',
    actions: 'Compare',
  },
  search: {
    empty: 'No components match',
  },
  detail: {
    badId: 'The component number in this link is not valid',
    download: {
      symbol: 'Symbol',
      footprint: 'Footprint',
      'model-glb': '3D model (GLB)',
      'model-step': '3D model (STEP)',
    },
    symbol: 'Schematic symbol',
    enlarge: 'Click to enlarge',
    noSymbol: 'No symbol',
    footprint: 'PCB footprint',
    noFootprint: 'No footprint',
    recommend: 'Recommendations',
  },
  alternatives: {
    badId: 'Open alternatives from a component page',
  },
  compare: {
    full: 'The compare basket holds at most {{max}} components; remove some on the Compare page first',
    tooFew: '{{count}} selected; choose at least 2 components to compare their parameters (at most {{max}})',
    goSearch: 'Search components',
  },
  basket: {
    empty: 'The compare basket is empty. Use “Add to compare” on search results, category lists or detail pages; it holds up to {{max}} components.',
    pickTwo: 'Tick at least 2 components to compare their parameters.',
    missing: 'Component {{id}} no longer exists',
  },
  brand: {
    itemCount: '{{count}} components',
  },
};
