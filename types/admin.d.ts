/**
 * The admin extensions (routes, widgets, menu items) as Medusa's admin bundler
 * loads them from a plugin; stores never import this entry themselves.
 */
declare const plugin: Record<string, unknown>
export default plugin
