// What other features use of the CAD plugin insert (docs/parts.md "Plugin insert").
export { isCadPlugin, insertMessage, postInsert, INSERT_MESSAGE_TYPE, type InsertMessage } from './plugin-insert';
export { InsertButton } from './insert-button';
