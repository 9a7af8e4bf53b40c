import { MedusaError, serializeError } from "@medusajs/framework/utils"
import { ShipmentOrdersRejectedError } from "../../../lib/shipment-orders"
import { safeErrorMessage } from "../to-medusa-error"

describe("what a log line or a shipment's history says of an error", () => {
  it("keeps the carrier's and Medusa's messages, which say what to fix", () => {
    const refused = new ShipmentOrdersRejectedError({ operation: "create", httpStatus: 400, serviceMessage: "phone is required" })
    expect(safeErrorMessage(refused)).toContain("phone is required")
    expect(safeErrorMessage(new MedusaError(MedusaError.Types.NOT_FOUND, "Order order_1 was not found"))).toBe("Order order_1 was not found")
    // As a workflow run throws them: its step's error serialized into a plain object.
    expect(safeErrorMessage(serializeError(refused))).toContain("phone is required")
    expect(safeErrorMessage(serializeError(new MedusaError(MedusaError.Types.NOT_ALLOWED, "Cannot be cancelled")))).toBe("Cannot be cancelled")
  })

  it("says only the class and code of any other error, whose message can hold SQL with the customer's data", () => {
    // As knex words a failed statement: the SQL with its values, then PostgreSQL's reason.
    const failed = Object.assign(
      new Error(`insert into "pickup_point_shipment" (... "request") values ('{"email":"mario.rossi@example.com","phone":"+39 333 1234567"}') - canceling statement due to statement timeout`),
      { code: "57014" }
    )
    const said = safeErrorMessage(failed)
    expect(said).toMatch(/^Error 57014/)
    expect(said).not.toMatch(/mario|example\.com|333|insert/i)
    expect(safeErrorMessage(serializeError(failed))).toBe(said)
  })
})
