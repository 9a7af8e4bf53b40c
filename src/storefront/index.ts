/**
 * `medusa-pickup-point/storefront`: framework-free helpers for a storefront
 * that offers pickup-point delivery. No Medusa server imports; works with
 * `@medusajs/js-sdk` (`sdkStoreRequest`) or plain `fetch` (`fetchStoreRequest`).
 */
export * from "./error-codes"
export * from "./errors"
export * from "./pickup-point"
export * from "./shipping-options"
export * from "./chosen-point"
export * from "./format"
export * from "./store-api"
export * from "./shipment-progress"
