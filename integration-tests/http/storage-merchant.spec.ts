import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import axios from "axios"
import { PICKUP_POINT_MODULE } from "../../src/modules/pickup-point"
import { syncTrackingWorkflow } from "../../src/workflows"
import type PickupPointModuleService from "../../src/modules/pickup-point/service"
import { adminHeaders } from "../helpers/admin-session"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { seedStore, waitFor } from "../helpers/seed-store"
import { checkoutThroughStoreApi } from "../helpers/store-checkout"
import { errorResponse } from "../helpers/error-response"

jest.setTimeout(120_000)

const sandbox = useSandboxForApp({
  PICKUP_POINT_MERCHANT_CODE: "DEMO-STORAGE",
  PICKUP_POINT_API_KEY: "sandbox-storage-key",
  PICKUP_POINT_MERCHANT_TYPE: "STORAGE",
  PICKUP_POINT_DEFAULT_WAREHOUSE: "WH-ROMA",
  PICKUP_POINT_ORDER_PREFIX: "ST-",
})

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    it("confirms the shipment of a STORAGE merchant on fulfillment, with no label, and refuses cancel after", async () => {
      const store = await seedStore(getContainer())
      const admin = await adminHeaders(getContainer(), api)
      await api.post(
        "/admin/pickup-points",
        { code: "PP-RM-001", name: "Cartoleria Trastevere", address: "Viale di Trastevere 60", city: "Roma", postcode: "00153", country_code: "IT" },
        admin
      )
      const order = await checkoutThroughStoreApi(api, store, {
        pickupPointCode: "PP-RM-001",
        quantity: 1,
        address: { first_name: "Luca", last_name: "Verdi", address_1: "Via Appia 1", city: "Roma", postal_code: "00179" },
      })

      const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
      const shipment = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: order.id, status: "ready" })
        return found
      })
      expect(shipment.merchant_type).toBe("STORAGE")

      const fulfilled = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id },
        admin
      )
      expect(fulfilled.status).toBe(200)

      const confirmed = (await api.get(`/admin/pickup-point/shipments/${shipment.id}`, admin)).data.shipment
      expect(confirmed).toMatchObject({ status: "confirmed", label_file_id: null, label_url: null, can_cancel: false })
      const { data: onService } = await axios.get(`${sandbox.url}/__sandbox/orders/${shipment.order_reference_code}`)
      expect(onService.order).toMatchObject({ confirmedAt: expect.any(String), label: null, warehouseCode: "WH-ROMA" })
      expect(onService.order.request).toMatchObject({ orderNumber: `ST-${order.display_id}`, insured: false, codePickingPoint: "WH-ROMA" })

      const {
        data: { order: withFulfillment },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      expect(withFulfillment.fulfillments[0].labels).toEqual([])

      const label = await api.get(`/admin/pickup-point/shipments/${shipment.id}/label`, admin).catch(errorResponse)
      expect(label.status).toBe(404)
      expect(label.data.message).toContain("a STORAGE merchant's shipments are confirmed, not labelled")

      const cancel = await api.post(`/admin/pickup-point/shipments/${shipment.id}/cancel`, {}, admin).catch(errorResponse)
      expect(cancel.status).toBe(400)
      expect(cancel.data.message).toBe(`Shipment order ST-${order.display_id} cannot be cancelled: its shipment has been confirmed.`)

      // Once the parcel leaves, Medusa's fulfillment is shipped with the service's tracking number.
      await axios.post(`${sandbox.url}/__sandbox/orders/${shipment.order_reference_code}/tracking`, { statusCode: "ST_0003" })
      await syncTrackingWorkflow(getContainer()).run({ input: {} })
      const {
        data: { order: shipped },
      } = await api.get(`/admin/orders/${order.id}?fields=*fulfillments,*fulfillments.labels`, admin)
      expect(shipped.fulfillments[0].shipped_at).toBeTruthy()
      expect(shipped.fulfillments[0].labels).toEqual([
        expect.objectContaining({ tracking_number: onService.order.trackingNumber, label_url: "" }),
      ])

      // A confirmation whose outcome is unknown, then the service cannot say whether it made it: the point is not told twice.
      const second = await checkoutThroughStoreApi(api, store, {
        pickupPointCode: "PP-RM-001",
        quantity: 1,
        address: { first_name: "Luca", last_name: "Verdi", address_1: "Via Appia 1", city: "Roma", postal_code: "00179" },
      })
      const secondShipment = await waitFor(async () => {
        const [found] = await pickupPoints.listPickupPointShipments({ order_id: second.id, status: "ready" })
        return found
      })
      const fault = (operation: string, kind: string) => axios.post(`${sandbox.url}/__sandbox/faults`, { operation, kind, times: 10 })
      const confirmCalls = async () =>
        (await axios.get(`${sandbox.url}/__sandbox/calls`)).data.calls.filter((c: { operation: string }) => c.operation === "generateLabel").length
      const fulfil = () =>
        api
          .post(`/admin/orders/${second.id}/fulfillments`, { items: second.items.map((i) => ({ id: i.id, quantity: i.quantity })), location_id: store.location.id }, admin)
          .catch(errorResponse)
      const beforeFault = await confirmCalls()
      await fault("generateLabel", "http_500")
      expect((await fulfil()).status).toBeGreaterThanOrEqual(500)
      await axios.delete(`${sandbox.url}/__sandbox/faults`)
      // A 500 the service may have acted on is not repeated by the client: the point would be told again.
      expect((await confirmCalls()) - beforeFault).toBe(1)
      expect(await pickupPoints.retrievePickupPointShipment(secondShipment.id)).toMatchObject({ status: "ready", label_requested_at: expect.any(Date) })
      const asked = await confirmCalls()

      await fault("status", "http_503")
      const unsure = await fulfil()
      expect(unsure.status).toBe(503)
      expect(unsure.data.message).toContain(`The carrier could not say whether it confirmed the shipment of order ST-${second.display_id} already`)
      expect(await confirmCalls()).toBe(asked)
      await axios.delete(`${sandbox.url}/__sandbox/faults`)

      // Once it can say (no confirmation was made), the shipment is confirmed, once.
      expect((await fulfil()).status).toBe(200)
      expect(await pickupPoints.retrievePickupPointShipment(secondShipment.id)).toMatchObject({ status: "confirmed" })
      expect(await confirmCalls()).toBe(asked + 1)
    })
  },
})
