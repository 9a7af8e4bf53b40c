export * from "./call-log"
export * from "./client"
export * from "./client-options"
export * from "./errors"
export * from "./operations"
export * from "./status-codes"
export { parseServiceDate, parseServiceTime } from "./dates"
export type {
  CancelRequest,
  CreateRequest,
  GenerateLabelRequest,
  OrderIdentifierRequest,
  OrderItem,
  UpdateTrackingRequest,
} from "./schemas/requests"
export type { LabelInfo, ShipmentOrderStatus } from "./schemas/responses"
