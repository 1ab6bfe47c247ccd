import type { LibraryConfig } from '../../config/library-config';
import type { ItemParameter } from './types';

type LabelPlacement = LibraryConfig['detail']['labelledParameters'];

/** The parameters table's name cell: the dimension's name, or a part's symbol with it (`d（长度）`). */
export function parameterName(parameter: ItemParameter, english: boolean, placement: LabelPlacement): string {
  const name = english ? parameter.nameEn : parameter.name;
  if (placement === 'asName' && parameter.label) {
    return english ? `${parameter.label} (${name})` : `${parameter.label}（${name}）`;
  }
  return name;
}

/** The value cell: one rule for labelled values (docs/components.md), the label before the value, unless it is the name. */
export function parameterValue(parameter: ItemParameter, placement: LabelPlacement): string {
  return parameter.label && placement === 'inValue' ? `${parameter.label} ${parameter.value}` : parameter.value;
}
