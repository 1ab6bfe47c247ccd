// Exposed as `mfe_auth/Permission`: the v-hasPermi style permission check for any remote.
export { HasPermission as default, HasPermission, useHasPermission, type HasPermissionProps } from '../../components/permission/has-permission';
