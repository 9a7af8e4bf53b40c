import { isMatch } from "date-fns"
import { z } from "zod"
import type { MerchantOperation } from "./merchant-operations"
import { canonicalStatusCode } from "./status-codes"

/*
 * DUPLICATED ON PURPOSE. These are the request bodies of spec section 4
 * (docs/shipment-orders-service.md) as the sandbox reads them, written from
 * the spec text and not from the client's schemas in src/lib. The sandbox is
 * a second reading of the spec: if both sides shared one schema, a misreading
 * of the request side would pass every test. Do not import the client's here;
 * a lint rule forbids src/sandbox -> src/lib imports.
 *
 * Where the spec leaves a detail open, the choice is noted next to the field.
 */

/** A required string: present and not blank. */
const required = z.string().trim().min(1, "must not be empty")
const optional = z.string().optional()
/** Sizes, weights and money: the spec says "number"; a negative one has no meaning. */
const measure = z.number().nonnegative("must be zero or more")

/** True for a real calendar date written exactly in `pattern` (date-fns tokens). */
function isDate(value: string, pattern: string): boolean {
  return value.length === pattern.length && isMatch(value, pattern)
}

/** Section 2, OrderItem. */
const orderItem = z.object({
  productCode: optional,
  typeProduct: optional,
  description: required,
  notes: optional,
  width: measure.optional(),
  height: measure.optional(),
  depth: measure.optional(),
  grossWeight: measure.optional(),
  netWeight: measure.optional(),
  // "volume in cm³ (typed string here)": a string of a number, unlike the order's numeric volume.
  volume: z.string().regex(/^\d+(\.\d+)?$/, "must be a number of cm³ written as a string").optional(),
})

/** Section 4.1. */
const create = z
  .object({
    customer: required,
    customerEmail: z.email("must be an e-mail address"),
    customerPhone: required,
    orderNumber: required,
    orderNumberRif: required,
    reference: required,
    orderDate: z.string().refine((value) => isDate(value, "yyyyMMdd"), "must be a date written as yyyyMMdd"),
    description: required,
    notes: optional,
    codePickupPoint: required,
    codePickingPoint: optional,
    width: measure.optional(),
    height: measure.optional(),
    depth: measure.optional(),
    grossWeight: measure.optional(),
    netWeight: measure.optional(),
    volume: measure.optional(),
    goodsValue: measure.optional(),
    // Default false: left out, the order is not insured.
    insured: z.boolean().optional(),
    // LabelType: "allowed values not shown", so any text.
    labelType: optional,
    proximityPrice: measure,
    currencyGoodsValue: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR").optional(),
    orderCountInCurrentYear: z.number().int("must be a whole number").nonnegative("must be zero or more"),
    // "products in the order": an order with no product is not an order.
    rows: z.array(orderItem).min(1, "must list at least one product"),
  })
  .refine((body) => body.orderNumberRif === body.orderNumber, {
    path: ["orderNumberRif"],
    message: "must equal orderNumber",
  })

/** Section 4.2. */
const cancel = z.object({ orderReferenceCode: required, notes: optional })

/** Section 4.3, query parameters. */
const getIdentifier = z.object({ orderNumber: required })

/** Section 4.4. */
const generateLabel = z.object({
  orderReferenceCode: required,
  labelType: optional,
  codePickingPoint: optional,
})

/** Section 4.5, query parameters. */
const downloadLabel = z.object({ orderReferenceCode: required })

/** Section 2, OrderIdentifier of the status request: both fields optional, but one must be filled. */
const orderIdentifier = z
  .object({ orderReferenceCode: optional, orderNumber: optional })
  .refine((item) => !!item.orderReferenceCode?.trim() || !!item.orderNumber?.trim(), {
    message: "needs orderReferenceCode or orderNumber",
  })

/** Section 4.6. */
const status = z.object({
  request: z.array(orderIdentifier).min(1, "must list at least one order"),
})

/** A ShipmentStatusCode as docs/sandbox.md lets a request write it, brought to `ST_0007`. */
export const statusCodeField = z.string().transform((value, context) => {
  const code = canonicalStatusCode(value)
  if (!code) {
    context.addIssue({ code: "custom", message: "must be a status code such as ST_0007" })
    return z.NEVER
  }
  return code
})

/** Section 4.7. */
const updateTracking = z.object({
  orderReferenceCode: required,
  statusCode: statusCodeField,
  statusDescription: required,
  lastUpdateDate: z.string().refine((value) => isDate(value, "dd/MM/yyyy"), "must be a date written as dd/MM/yyyy").optional(),
  // The spec writes "hh:mm"; read as a 24-hour clock, like the status response's HH:mm.
  lastUpdateTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time written as HH:mm").optional(),
  networkStatusCode: optional,
  networkStatusReason: optional,
  trackingCode: optional,
  // Required only for ST_0007 at a point that needs it: a state rule, checked by the service, not here.
  verificationCode: optional,
})

/** Section 4.8. */
const sendVerificationCode = z.object({ orderReferenceCode: required })

/** What the sandbox accepts for each operation: a JSON body, or the query of the two GETs. */
export const merchantRequests = {
  create,
  cancel,
  getIdentifier,
  generateLabel,
  downloadLabel,
  status,
  updateTracking,
  sendVerificationCode,
} satisfies Record<MerchantOperation, z.ZodType>

export type MerchantRequest<Op extends MerchantOperation> = z.output<(typeof merchantRequests)[Op]>

/** Zod issues as `field.path: message`, so a 400 names the field as the contract asks. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message
  )
}
