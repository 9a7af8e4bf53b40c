import { z } from "zod"
import { isCompactDate, isSlashedDate } from "../dates"
import type { ShipmentOperation } from "../operations"
import { normalizeStatusCode } from "../status-codes"

/*
 * Request bodies exactly as spec section 4 lists them
 * (docs/shipment-orders-service.md). The client validates what it sends with
 * these. The sandbox does not share them: it has its own reading of the spec
 * in src/sandbox/merchant-requests.ts, so a misreading here fails against it.
 */

const text = z.string().trim().min(1, "must not be empty")
const amount = z.number().nonnegative("must be zero or more")
const optionalText = z.string().trim().optional()

export const orderItemSchema = z.object({
  productCode: optionalText,
  typeProduct: optionalText,
  description: text,
  notes: z.string().optional(),
  width: amount.optional(),
  height: amount.optional(),
  depth: amount.optional(),
  grossWeight: amount.optional(),
  netWeight: amount.optional(),
  // The spec types a row's volume as a string, unlike the package volume.
  volume: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number of cm³ written as a string")
    .optional(),
})

export const createRequestSchema = z
  .object({
    customer: text,
    customerEmail: z.email("must be an e-mail address"),
    customerPhone: text,
    orderNumber: text,
    orderNumberRif: text,
    reference: text,
    orderDate: z.string().refine(isCompactDate, "must be a date written as yyyyMMdd"),
    description: text,
    notes: z.string().optional(),
    codePickupPoint: text,
    codePickingPoint: optionalText,
    width: amount.optional(),
    height: amount.optional(),
    depth: amount.optional(),
    grossWeight: amount.optional(),
    netWeight: amount.optional(),
    volume: amount.optional(),
    goodsValue: amount.optional(),
    insured: z.boolean().optional(),
    labelType: optionalText,
    proximityPrice: amount,
    currencyGoodsValue: z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR")
      .optional(),
    orderCountInCurrentYear: z.number().int("must be a whole number").nonnegative(),
    rows: z.array(orderItemSchema).min(1, "must list at least one product"),
  })
  .refine((body) => body.orderNumberRif === body.orderNumber, {
    path: ["orderNumberRif"],
    message: "must equal orderNumber",
  })

export const cancelRequestSchema = z.object({
  orderReferenceCode: text,
  notes: z.string().optional(),
})

export const getIdentifierRequestSchema = z.object({ orderNumber: text })

export const generateLabelRequestSchema = z.object({
  orderReferenceCode: text,
  labelType: optionalText,
  codePickingPoint: optionalText,
})

export const downloadLabelRequestSchema = z.object({ orderReferenceCode: text })

export const orderIdentifierSchema = z
  .object({
    orderReferenceCode: optionalText,
    orderNumber: optionalText,
  })
  .refine((item) => !!item.orderReferenceCode || !!item.orderNumber, {
    message: "needs orderReferenceCode or orderNumber",
  })

export const statusRequestSchema = z.object({
  request: z.array(orderIdentifierSchema).min(1, "must list at least one order"),
})

const statusCodeSchema = z
  .union([z.string(), z.number()])
  .transform(normalizeStatusCode)
  .refine((code) => /^ST_\d{4}$/.test(code), "must be a status code such as ST_0007")

export const updateTrackingRequestSchema = z.object({
  orderReferenceCode: text,
  statusCode: statusCodeSchema,
  statusDescription: text,
  lastUpdateDate: z
    .string()
    .refine(isSlashedDate, "must be a date written as dd/MM/yyyy")
    .optional(),
  lastUpdateTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time written as HH:mm")
    .optional(),
  networkStatusCode: optionalText,
  networkStatusReason: optionalText,
  trackingCode: optionalText,
  verificationCode: optionalText,
})

export const sendVerificationCodeRequestSchema = z.object({ orderReferenceCode: text })

/** The request schema of each operation: what the client sends. */
export const requestSchemas = {
  create: createRequestSchema,
  cancel: cancelRequestSchema,
  getIdentifier: getIdentifierRequestSchema,
  generateLabel: generateLabelRequestSchema,
  downloadLabel: downloadLabelRequestSchema,
  status: statusRequestSchema,
  updateTracking: updateTrackingRequestSchema,
  sendVerificationCode: sendVerificationCodeRequestSchema,
} satisfies Record<ShipmentOperation, z.ZodType>

export type RequestOf<Op extends ShipmentOperation> = z.output<(typeof requestSchemas)[Op]>

export type OrderItem = z.input<typeof orderItemSchema>
export type CreateRequest = z.input<typeof createRequestSchema>
export type CancelRequest = z.input<typeof cancelRequestSchema>
export type GenerateLabelRequest = z.input<typeof generateLabelRequestSchema>
export type OrderIdentifierRequest = z.input<typeof orderIdentifierSchema>
export type UpdateTrackingRequest = z.input<typeof updateTrackingRequestSchema>

/** Formats zod issues as `field.path: message`, the shape the client reports. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message
  )
}
