// The services' API types, generated from their OpenAPI documents (scripts/api-types.mjs; do not
// edit system.ts, component.ts, part.ts, mat.ts by hand). Front-end code names a schema with
// `SystemSchema<'UserProfile'>` or aliases it: `type PermissionInfo = SystemSchema<'PermissionInfo'>`.
import type { components as componentComponents } from './component';
import type { components as matComponents } from './mat';
import type { components as partComponents } from './part';
import type { components as systemComponents } from './system';

export type * as SystemApi from './system';
export type * as ComponentApi from './component';
export type * as PartApi from './part';
export type * as MatApi from './mat';

export type SystemSchema<Name extends keyof systemComponents['schemas']> = systemComponents['schemas'][Name];
export type ComponentSchema<Name extends keyof componentComponents['schemas']> = componentComponents['schemas'][Name];
export type PartSchema<Name extends keyof partComponents['schemas']> = partComponents['schemas'][Name];
export type MatSchema<Name extends keyof matComponents['schemas']> = matComponents['schemas'][Name];

/** The `data` of a system-api envelope schema (`ApiResponse_…`), e.g. the inline page results. */
export type SystemData<Envelope extends Extract<keyof systemComponents['schemas'], `ApiResponse_${string}`>> = NonNullable<
  systemComponents['schemas'][Envelope]['data']
>;

/** The `data` of a component-api envelope schema (`ApiResponse_…`), e.g. the inline page results. */
export type ComponentData<Envelope extends Extract<keyof componentComponents['schemas'], `ApiResponse_${string}`>> = NonNullable<
  componentComponents['schemas'][Envelope]['data']
>;
