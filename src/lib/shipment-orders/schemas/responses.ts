import { z } from "zod"
import { parseServiceDate, parseServiceTime } from "../dates"
import { normalizeStatusCode } from "../status-codes"

/*
 * Response bodies, read tolerantly: the spec's tables and samples disagree
 * (boolean or string `success`, `ST0006` or a number for a status, two date
 * formats, a warehouse `description` where the table says `name`). Each
 * quirk is absorbed here and the client hands out one normalized shape.
 */

const TRUE_WORDS = new Set(["true", "ok", "yes", "1", "success"])

export const successFlagSchema = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value) =>
    typeof value === "string" ? TRUE_WORDS.has(value.trim().toLowerCase()) : Boolean(value)
  )

/** A string field that may arrive as a number or null; empty becomes undefined. */
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => {
    const text = value == null ? "" : String(value).trim()
    return text === "" ? undefined : text
  })

const requiredText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => value !== "", "must not be empty")

const serviceDate = z
  .string()
  .nullish()
  .transform((value) => parseServiceDate(value))

const serviceTime = z
  .string()
  .nullish()
  .transform((value) => parseServiceTime(value))

export const envelopeSchema = z.object({
  success: successFlagSchema,
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
})

export const createResponseSchema = envelopeSchema.extend({
  data: z
    .object({
      orderReferenceCode: requiredText,
      pickupPointPublicCode: looseText,
    })
    .nullish(),
})

export const getIdentifierResponseSchema = envelopeSchema.extend({
  data: z.object({ orderReferenceCode: requiredText }).nullish(),
})

const addressFields = {
  code: looseText,
  name: looseText,
  address: looseText,
  city: looseText,
  zipcode: looseText,
  department: looseText,
  country: looseText,
}

export const labelInfoSchema = z.object({
  customer: z
    .object({ name: looseText, email: looseText, phone: looseText })
    .nullish(),
  order: z
    .object({
      orderReferenceCode: looseText,
      orderNumber: looseText,
      orderDate: serviceDate,
      serviceCode: looseText,
    })
    .nullish(),
  pickupPoint: z.object(addressFields).nullish(),
  network: z.object({ code: looseText, name: looseText }).nullish(),
  warehouse: z
    .object({ ...addressFields, description: looseText })
    .transform(({ description, ...warehouse }) => ({
      ...warehouse,
      name: warehouse.name ?? description,
    }))
    .nullish(),
  label: z
    .object({
      format: looseText,
      trackingNumber: looseText,
      data: looseText,
    })
    .nullish(),
  metadata: z.object({ parcelId: looseText }).nullish(),
})

export const generateLabelResponseSchema = envelopeSchema.extend({
  data: labelInfoSchema.nullish(),
})

export const orderInfoSchema = z.object({
  success: successFlagSchema.optional().default(true),
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  order: z
    .object({
      orderReferenceCode: looseText,
      orderNumber: looseText,
      orderDate: serviceDate,
      reference: looseText,
    })
    .nullish()
    .transform((order) => order ?? { orderReferenceCode: undefined, orderNumber: undefined, orderDate: null, reference: undefined }),
  tracking: z
    .object({
      number: looseText,
      status: z
        .union([z.string(), z.number()])
        .nullish()
        .transform((status) =>
          status == null || status === "" ? undefined : normalizeStatusCode(status)
        ),
      statusDescription: looseText,
      externalStatusCode: looseText,
      externalStatusDescription: looseText,
      lastUpdateDate: serviceDate,
      lastUpdateTime: serviceTime,
      deliveryDate: serviceDate,
      deliveryTime: serviceTime,
    })
    .nullish()
    .transform((tracking) => tracking ?? null),
  metadata: z
    .object({ parcelId: looseText })
    .nullish()
    .transform((metadata) => metadata ?? { parcelId: undefined }),
})

export const statusResponseSchema = envelopeSchema.extend({
  total: z.coerce.number().int().nonnegative().optional(),
  items: z
    .array(orderInfoSchema)
    .nullish()
    .transform((items) => items ?? []),
})

export type LabelInfo = z.output<typeof labelInfoSchema>
export type ShipmentOrderStatus = z.output<typeof orderInfoSchema>
