import { model } from "@medusajs/framework/utils"

/**
 * Audit of a verification code e-mail the service was asked to send: who,
 * when, to which (masked) address, and whether the service confirmed it
 * (false: its answer was lost, and the e-mail probably went out).
 */
export const PickupPointVerificationCodeSend = model.define("pickup_point_verification_code_send", {
  id: model.id({ prefix: "puvc" }).primaryKey(),
  shipment_id: model.text().index(),
  actor_id: model.text().nullable(),
  /** Empty once the retention job has taken it out (`retention.personalDataDays`). */
  masked_email: model.text(),
  sent_at: model.dateTime(),
  confirmed: model.boolean().default(true),
})
  // The retention job takes the masked e-mail out of old sends, found by age.
  .indexes([{ on: ["sent_at"], where: "deleted_at IS NULL AND masked_email <> ''" }])
