import type { zhCN } from './zh-CN';

export const enUS: typeof zhCN = {
  home: {
    description:
      'Engineering materials — steels, cast irons, non-ferrous alloys, engineering plastics — browsed by category; searched by grade, standard or material number, filtered by property ranges.',
  },
  standalone: {
    title: 'Materials Library (standalone)',
  },
  field: {
    partNumber: 'Grade',
    name: 'Name',
    package: 'Standard',
    // The results' 标准 column (the hit's own `standard` field, not the kit's package).
    standard: 'Standard',
    description: 'Notes',
  },
  // The detail's 采用此材料的标准件 section (the parts library's families of this grade).
  standardParts: {
    title: 'Standard parts made of it',
    family: 'Standard part',
    classes: 'Property class / material',
    count: 'Sizes',
    none: 'No standard part in the parts library is made of {{grade}} by its standard',
    note: 'Standard parts whose standards and property-class standards (ISO 898-1, ISO 3506-1 …) allow {{grade}} or an approximate equivalent; open one to list every size of that standard.',
    relation: {
      specified: 'specified',
      typical: 'typical',
      approximate: 'approximate',
    },
  },
  search: {
    empty: 'No materials match',
    facet: {
      category: 'Material family',
      allCategories: 'All families',
      package: 'Standard',
    },
    sort: {
      partNumber: 'Grade A–Z',
      partNumberDesc: 'Grade Z–A',
    },
  },
  range: {
    title: 'Property ranges',
    none: 'No property of these results can be filtered by range',
    problem: {
      unknownDimension: 'This property cannot be filtered by range',
    },
  },
  detail: {
    badId: 'The material id in the link is not valid',
  },
  compare: {
    full: 'The compare list holds at most {{max}} materials; remove some on the Compare page first',
    tooFew: '{{count}} selected: choose at least 2 materials to compare (at most {{max}})',
    goSearch: 'Search materials',
  },
  basket: {
    empty: 'The compare list is empty. Click "Add to compare" in search results, category lists or a detail page; it holds up to {{max}} materials.',
    pickTwo: 'Tick at least 2 materials to compare their parameters.',
    missing: 'Material {{id}} no longer exists',
  },
  parameterName: {
    density: 'Density',
    youngsModulus: "Young's modulus",
    shearModulus: 'Shear modulus',
    poissonRatio: "Poisson's ratio",
    yieldStrength: 'Yield strength',
    tensileStrength: 'Tensile strength',
    shearStrength: 'Shear strength',
    compressiveStrength: 'Compressive strength',
    elongation: 'Elongation at break',
    hardnessBrinell: 'Brinell hardness HB',
    hardnessVickers: 'Vickers hardness HV',
    hardnessRockwellC: 'Rockwell hardness HRC',
    hardnessShoreA: 'Shore A hardness',
    hardnessShoreD: 'Shore D hardness',
    thermalExpansion: 'Thermal expansion',
    thermalConductivity: 'Thermal conductivity',
    specificHeat: 'Specific heat',
    electricalResistivity: 'Electrical resistivity',
    meltingPoint: 'Melting point',
    boilingPoint: 'Boiling point',
    glassTransition: 'Glass transition temperature',
    heatDeflection: 'Heat deflection temperature',
    maxServiceTemperature: 'Maximum service temperature',
  },
  mat: {
    properties: {
      title: 'Properties',
      none: 'The source gives no property values',
      name: 'Property',
      value: 'Value',
      original: 'As the source states it',
      condition: 'Condition',
      source: 'Source: {{source}} ({{version}}), licence: {{license}}',
    },
    condition: {
      heatTreatment: 'Heat treatment: ',
      temperature: 'Temperature: ',
      form: 'Form: ',
    },
    grade: {
      title: 'Grade and equivalents',
      designation: 'Designation in the source',
      standard: 'Standard',
      materialNumber: 'Material number',
      chineseGrade: 'Chinese grade (approximate)',
      exact: 'Named by the source',
      approximate: 'Approximate equivalents',
      approximateNote:
        "Approximate equivalents come from this portal's grade glossary and are for orientation only: grades of different standards never have quite the same composition and properties; choose by the standards' own texts.",
    },
    composition: {
      title: 'Chemical composition',
      element: 'Element',
      fraction: 'Mass fraction',
    },
    compare: {
      title: 'Material comparison',
      csv: 'Export CSV',
      unit: 'Unit',
      category: 'Family',
      standard: 'Standard',
      grade: 'Chinese grade (approximate)',
      source: 'Source',
      charts: 'Charts',
      radar: 'Property radar',
      radarNote: 'Each axis is divided by the largest value among the materials (largest = 1); only properties every material states are drawn.',
      radarNone: 'The materials share fewer than 3 properties: no radar chart',
      onlyDifferences: 'Differences only',
      unitGroup: {
        stress: 'Strength',
        modulus: 'Modulus',
        density: 'Density',
        temperature: 'Temperature',
      },
    },
  },
};
